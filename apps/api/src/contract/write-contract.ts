import { writeFileSync } from 'node:fs';
import { contractDrift, contractFiles, generateContract } from './generate-contract.js';

/**
 * `npm run contract`: writes libs/api-contract/openapi.json and its types from the code.
 * `--check` compares instead and fails naming the files that drifted.
 */
const contract = generateContract();
const { drifted, message } = contractDrift(contract);
if (process.argv.includes('--check')) {
  if (message) {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
} else {
  for (const [file, text] of contractFiles(contract)) if (drifted.includes(file)) writeFileSync(file, text);
  const operations = Object.values(contract.document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  process.stdout.write(
    `${drifted.length === 0 ? 'contract unchanged' : `contract written (${drifted.length} file(s))`}: ${operations} operations, ${Object.keys(contract.document.components.schemas).length} schemas\n`,
  );
}
