// `npm run bench`: the benchmarks. None exists yet; the outbox and webhook issues add them.
console.log('No benchmark exists yet: the outbox and webhook ingestion issues add the first figures.');
