/**
 * Serialises JSON the way Graph does on the wire: every non-ASCII UTF-16 unit becomes a lowercase
 * `\uXXXX` escape (emoji become surrogate-pair escapes) and `/` becomes `\/`. Signatures are computed
 * over these bytes, so a consumer that re-serialises the parsed body will not match.
 */
export function toMetaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
}
