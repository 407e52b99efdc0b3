// The storage `@Type()` writes to, which class-validator-jsonschema reads nested and date types
// from. class-transformer ships its types apart from this CommonJS file.
declare module 'class-transformer/cjs/storage.js' {
  import type { MetadataStorage } from 'class-transformer/types/MetadataStorage.js';
  export const defaultMetadataStorage: MetadataStorage;
}
