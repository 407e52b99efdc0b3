/**
 * SQL for the registry category of the template an outbound row (alias `m`) carries, or NULL for a
 * free-form row or a template the registry does not know. The row's own WABA's template is
 * preferred (a name and language may exist in several WABAs).
 */
export const templateCategorySql = (m: string): string => `(
  SELECT t.category FROM templates t
   WHERE ${m}.payload->>'type' = 'template'
     AND t.name = ${m}.payload->'template'->>'name' AND t.language = ${m}.payload->'template'->'language'->>'code'
   ORDER BY t.waba_id IS NOT DISTINCT FROM (SELECT b.waba_id FROM business_numbers b WHERE b.phone_number_id = ${m}.phone_number_id) DESC
   LIMIT 1)`;
