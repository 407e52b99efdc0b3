// Meta's business-scoped user id format (2026): `CC.<up to 128 letters/digits>`, a parent id
// `CC.ENT.<…>`. Written here, not taken from @sendbook/whatsapp, so the simulator checks Sendbook
// independently.
const BSUID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/;

export function isBsuid(value: string): boolean {
  return BSUID.test(value);
}
