'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FILE_CAMPAIGN_FILLS } from '@sendbook/api-contract';
import { Page, PageDescription } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Checked } from '@/components/ui/checked';
import { SelectField, TextField } from '@/components/ui/field';
import { FigureTile } from '@/components/ui/figure-tile';
import { Loading } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { useClock } from '@/components/clock';
import { TemplateBubble } from '@/features/conversations/components/message-article';
import { numbersQuery } from '@/features/numbers/numbers.queries';
import { templatesQuery } from '@/features/templates/templates.queries';
import { campaignHref, countWords } from '@/lib/campaign-figures';
import { summaryFigures } from '@/lib/campaign-summary';
import {
  bodyVariablesOf,
  campaignTemplateChoices,
  guessMapping,
  readRecipientsFile,
  templateChoiceKey,
  unmappedVariables,
  variableLabel,
  type RecipientsFile,
} from '@/lib/campaign-upload';
import { numberProfile } from '@/lib/number-display';
import { problemDetail } from '@/lib/problem';
import { newRequestId } from '@/lib/request-id';
import { useDebounced } from '@/lib/use-debounced';
import { campaignKeys } from '../campaigns.queries';
import { campaignRunKeys, previewCampaign, startCampaign, type CampaignSettings, type SubmitResult } from '../campaign-runs.queries';
import tiles from '@/components/ui/figure-tiles.module.css';
import styles from './new-campaign.module.css';

/** Refused rows shown on the page; the API lists up to 1,000 and counts them all. */
const SHOWN_REFUSALS = 200;

interface Upload {
  name: string;
  size: number;
  text: string;
  read: RecipientsFile;
}

/**
 * A campaign from a CSV (admins): the number, an approved template, the recipients' file with its
 * columns mapped to the template's variables, an optional start. The API previews it on every
 * change (nothing stored): the first rows as customers will see them, every refused row with its
 * line and reason, and the summary the admin reads before `Start campaign`.
 */
export function NewCampaignPage() {
  const templates = useQuery(templatesQuery());
  const numbers = useQuery(numbersQuery());
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [templateKey, setTemplateKey] = useState('');
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<string[]>([]);
  const [startAt, setStartAt] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [starting, setStarting] = useState(false);
  const [startFailure, setStartFailure] = useState<SubmitResult | null>(null);
  const requestId = useRef(newRequestId());
  const router = useRouter();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { now, timeZone } = useClock();

  const choices = useMemo(() => campaignTemplateChoices(templates.data?.data ?? []), [templates.data]);
  const chosen = choices.find((c) => templateChoiceKey(c.template) === templateKey) ?? null;
  const template = chosen?.usable ? chosen.template : null;
  const variables = useMemo(() => (template ? bodyVariablesOf(template) : []), [template]);
  const numberList = numbers.data?.data ?? [];
  const phoneNumberId = phone || numberList[0]?.phone_number_id || '';
  const file = upload?.read.ok ? upload.read : null;
  const missing = unmappedVariables(variables, mapping);
  const notBefore = startAt ? new Date(startAt).toISOString() : null;

  // The name matters to the preview too: the same name is the same campaign, whose recipients would not get it again.
  const settledName = useDebounced(name.trim(), 400);
  const settings: CampaignSettings | null =
    settledName && template && file && phoneNumberId && missing.length === 0
      ? { name: settledName, phoneNumberId, template: { name: template.name, language: template.language }, variables: mapping, notBefore }
      : null;
  const preview = useQuery({
    queryKey: ['campaign-preview', upload?.name, upload?.size, upload?.text.length, settings],
    queryFn: ({ signal }) => previewCampaign(upload!.text, settings!, signal),
    enabled: settings !== null && upload !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const result = settings ? preview.data : undefined;
  const planned = result?.ok ? result.submission : null;
  const refusal = result && !result.ok ? result : null;
  const fieldProblem = (field: string) =>
    [refusal, startFailure && !startFailure.ok ? startFailure : null]
      .flatMap((r) => r?.details ?? [])
      .find((d) => d.field === field || d.field.startsWith(`${field}.`))?.message;

  const remap = (read: RecipientsFile | undefined, vars: readonly string[]) =>
    setMapping(read?.ok ? guessMapping(read.columns, read.recipientColumn, vars) : []);
  const fresh = () => {
    setStartFailure(null);
    requestId.current = newRequestId();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    fresh();
    const picked = event.target.files?.[0];
    if (!picked) return setUpload(null);
    const text = await picked.text();
    const read = readRecipientsFile(text);
    setUpload({ name: picked.name, size: picked.size, text, read });
    remap(read, variables);
  };

  const onTemplate = (key: string) => {
    fresh();
    setTemplateKey(key);
    const next = choices.find((c) => templateChoiceKey(c.template) === key);
    remap(upload?.read, next?.usable ? bodyVariablesOf(next.template) : []);
  };

  const nameProblem = attempted && !name.trim() ? 'give the campaign a name: it is how you find it, and its messages are tagged with it' : fieldProblem('name');
  const canStart = planned !== null && planned.summary.will_go > 0 && settledName === name.trim() && !preview.isFetching && !starting;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!name.trim() || !settings || !upload || !canStart) return;
    setStarting(true);
    const started = await startCampaign(upload.text, settings, requestId.current);
    setStarting(false);
    if (!started.ok) return setStartFailure(started);
    await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    await queryClient.invalidateQueries({ queryKey: campaignRunKeys.all });
    const s = started.submission.summary;
    toast({
      tone: 'success',
      title: `Started “${name.trim()}”`,
      description:
        s.already_in_campaign && s.already_in_campaign > 0
          ? `${countWords(s.added ?? 0, 'recipient')} added; ${countWords(s.already_in_campaign, 'recipient')} already had it and get nothing twice.`
          : `${countWords(s.will_go, 'message')} will go.`,
    });
    router.push(campaignHref(name.trim()));
  };

  if (templates.isPending || numbers.isPending) return <Loading label="Loading templates and numbers…" />;

  return (
    <Page title="New campaign" subtitle={<Link href="/campaigns">All campaigns</Link>}>
      <PageDescription>
        Send an approved template to a list of customers. Upload them as a CSV with a <code>phone</code> column (or <code>recipient</code> for business-scoped
        user ids) and a column per variable. Nothing is sent until you start it; each customer gets it once, however often the same campaign is started.
      </PageDescription>
      <form className={styles.layout} onSubmit={submit} aria-label="New campaign" noValidate>
        <div className={styles.form}>
          <section className={styles.section} aria-labelledby="campaign-basics">
            <h2 id="campaign-basics">What to send</h2>
            <Checked message={nameProblem}>
              <TextField
                label="Name"
                value={name}
                maxLength={100}
                autoComplete="off"
                hint="Its messages are tagged with it; the same name again is the same campaign"
                aria-invalid={nameProblem ? true : undefined}
                onChange={(e) => {
                  fresh();
                  setName(e.target.value);
                }}
              />
            </Checked>
            <div className={styles.row}>
              <Checked message={fieldProblem('phone_number_id')}>
                <SelectField
                  label="Business number"
                  value={phoneNumberId}
                  onChange={(e) => {
                    fresh();
                    setPhone(e.target.value);
                  }}
                >
                  {numberList.length === 0 ? <option value="">No number configured</option> : null}
                  {numberList.map((n) => {
                    const profile = numberProfile(n);
                    return (
                      <option key={n.phone_number_id} value={n.phone_number_id}>
                        {profile?.display_phone_number ? `+${profile.display_phone_number}` : n.phone_number_id}
                        {profile?.verified_name ? ` · ${profile.verified_name}` : ''}
                      </option>
                    );
                  })}
                </SelectField>
              </Checked>
              <Checked
                message={
                  fieldProblem('template') ??
                  (chosen && !chosen.usable
                    ? chosen.template.status === 'APPROVED'
                      ? `${chosen.template.name} cannot be sent from a file: ${chosen.why}; ${FILE_CAMPAIGN_FILLS}`
                      : `${chosen.template.name} is ${chosen.why}: only an approved template can be sent`
                    : undefined)
                }
              >
                <SelectField label="Template" value={templateKey} onChange={(e) => onTemplate(e.target.value)}>
                  <option value="">Choose an approved template</option>
                  {choices.map(({ template: t, usable, why }) => (
                    <option key={templateChoiceKey(t)} value={templateChoiceKey(t)} disabled={!usable}>
                      {t.name} ({t.language}){usable ? ` · ${t.category.toLowerCase()}` : ` · ${why}`}
                    </option>
                  ))}
                </SelectField>
              </Checked>
            </div>
            {choices.length > 0 && !choices.some((c) => c.usable) ? (
              <Callout tone="warning" title="No approved template">
                A campaign sends a template Meta has approved. <Link href="/templates/new">Write one</Link> and submit it for review.
              </Callout>
            ) : null}
          </section>

          <section className={styles.section} aria-labelledby="campaign-recipients">
            <h2 id="campaign-recipients">Recipients</h2>
            <Checked message={upload && !upload.read.ok ? upload.read.reason : (fieldProblem('body') ?? fieldProblem('recipients'))}>
              <TextField
                label="Recipients (CSV)"
                type="file"
                accept=".csv,text/csv"
                hint={
                  upload?.read.ok
                    ? `${upload.name}: ${countWords(upload.read.rows, 'row')}, recipients in “${upload.read.recipientColumn}”`
                    : 'A header line, then one line per customer; up to 100,000'
                }
                onChange={onFile}
              />
            </Checked>
            {file && template ? (
              variables.length === 0 ? (
                <p className={styles.note}>This template has no variables: every customer gets the same words.</p>
              ) : (
                <fieldset className={styles.mapping}>
                  <legend>Which column fills each variable</legend>
                  {variables.map((v, i) => (
                    <Checked key={v} message={attempted && !mapping[i] ? 'choose a column' : undefined}>
                      <SelectField
                        label={`Variable ${variableLabel(v)}`}
                        value={mapping[i] ?? ''}
                        onChange={(e) => {
                          fresh();
                          setMapping(variables.map((_, j) => (j === i ? e.target.value : (mapping[j] ?? ''))));
                        }}
                      >
                        <option value="">Choose a column</option>
                        {file.columns
                          .filter((c) => c !== file.recipientColumn)
                          .map((c) => (
                            <option key={c} value={c}>
                              {c}
                            </option>
                          ))}
                      </SelectField>
                    </Checked>
                  ))}
                  {fieldProblem('variables') ? <p className={styles.problem}>{fieldProblem('variables')}</p> : null}
                </fieldset>
              )
            ) : null}
          </section>

          <section className={styles.section} aria-labelledby="campaign-when">
            <h2 id="campaign-when">When</h2>
            <Checked message={fieldProblem('not_before')}>
              <TextField
                label="Start at"
                type="datetime-local"
                value={startAt}
                hint={`Optional, your time (${timeZone}); empty: as soon as it is started. Quiet hours and the number's pacing apply either way.`}
                onChange={(e) => {
                  fresh();
                  setStartAt(e.target.value);
                }}
              />
            </Checked>
          </section>

          <section className={styles.section} aria-labelledby="campaign-summary" aria-busy={preview.isFetching || undefined}>
            <h2 id="campaign-summary">Summary</h2>
            {!settings ? (
              <p className={styles.note}>
                {!template
                  ? 'Choose a template'
                  : !file
                    ? 'Upload the recipients'
                    : missing.length > 0
                      ? 'Choose a column for each variable'
                      : 'Choose a number'}{' '}
                to see what will happen.
              </p>
            ) : refusal ? (
              <Callout tone="danger" role="alert" title="This campaign cannot start as it is">
                {refusal.details.length > 0 ? refusal.details.map((d) => `${d.field}: ${d.message}`).join('; ') : problemDetail(refusal.problem)}
              </Callout>
            ) : !planned ? (
              <Loading label="Checking every row…" rows={2} />
            ) : (
              <ul className={tiles.tiles} aria-label="Campaign summary">
                {summaryFigures(planned.summary, now).map((f) => (
                  <FigureTile key={f.label} {...f} />
                ))}
              </ul>
            )}
            {startFailure && !startFailure.ok ? (
              <Callout tone="danger" role="alert" title="Not started">
                {startFailure.details.length > 0 ? startFailure.details.map((d) => `${d.field}: ${d.message}`).join('; ') : problemDetail(startFailure.problem)}
              </Callout>
            ) : null}
            <div className={styles.actions}>
              <Button type="submit" variant="primary" busy={starting} disabled={!canStart}>
                Start campaign
              </Button>
              {planned ? (
                <span className={styles.note}>
                  {planned.summary.will_go > 0
                    ? `${countWords(planned.summary.will_go, 'message')} will be queued, paced by the number.`
                    : planned.summary.already_in_campaign
                      ? 'Everyone in this file already has this campaign: nothing would be sent.'
                      : 'No row can be sent.'}
                </span>
              ) : null}
            </div>
          </section>

          {planned && planned.refused.length > 0 ? <RefusedRows refused={planned.refused} total={planned.summary.refused} /> : null}
        </div>

        <aside className={styles.preview} aria-labelledby="campaign-preview">
          <h2 id="campaign-preview">As customers will see it</h2>
          {planned && planned.preview.length > 0 ? (
            <ol className={styles.bubbles}>
              {planned.preview.map((p) => (
                <li key={p.line}>
                  <span className={styles.to}>
                    Line {p.line} · {p.to}
                  </span>
                  {p.rendered ? (
                    <TemplateBubble rendered={p.rendered} label={`Preview for line ${p.line}`} />
                  ) : (
                    <p className={styles.note}>{p.text ?? p.variables.join(', ')}</p>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.placeholder}>{settings ? 'The first rows appear here once they are checked.' : 'The first rows of your file appear here.'}</p>
          )}
        </aside>
      </form>
    </Page>
  );
}

/** Every refused row the API listed, with its line and why: nothing is dropped without a word. */
function RefusedRows({ refused, total }: { refused: { line: number; reason: string }[]; total: number }) {
  const shown = refused.slice(0, SHOWN_REFUSALS);
  return (
    <section className={styles.section} aria-labelledby="campaign-refused">
      <h2 id="campaign-refused">Refused rows ({total.toLocaleString('en-US')})</h2>
      <p className={styles.note}>
        These lines of the file will not be sent. Fix them in the file and upload it again; rows already started are not sent twice.
      </p>
      <Table label="Refused rows">
        <thead>
          <tr>
            <Th numeric>Line</Th>
            <Th>Reason</Th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.line}>
              <Td numeric>{r.line}</Td>
              <Td wrap>{r.reason}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {total > shown.length ? <p className={styles.note}>and {(total - shown.length).toLocaleString('en-US')} more; the first listed are shown.</p> : null}
    </section>
  );
}
