'use client';

import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { TEMPLATE_LIMITS, type Template } from '@sendbook/api-contract';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Checked, FieldProblem } from '@/components/ui/checked';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { TemplateBubble } from '@/features/conversations/components/message-article';
import { problemDetail, type Problem } from '@/lib/problem';
import { rejectionWords } from '@/lib/template-display';
import { newRequestId } from '@/lib/request-id';
import {
  bodyVariables,
  draftPreview,
  draftProblems,
  emptyButton,
  nextVariable,
  problemsByField,
  toDraft,
  type DraftButton,
  type DraftButtonType,
  type DraftForm,
  type HeaderKind,
  type TemplateCategory,
} from '@/lib/template-draft';
import { editTemplate, submitTemplate, templateKeys } from '../templates.queries';
import styles from './template-editor.module.css';

const BUTTON_KINDS: { type: DraftButtonType; add: string; word: string }[] = [
  { type: 'QUICK_REPLY', add: 'Add quick reply', word: 'Quick reply' },
  { type: 'URL', add: 'Add link button', word: 'Link' },
  { type: 'PHONE_NUMBER', add: 'Add call button', word: 'Call' },
  { type: 'COPY_CODE', add: 'Add copy code button', word: 'Copy code' },
  { type: 'OTP', add: 'Add one-time password button', word: 'One-time password' },
];

const CATEGORY_WORDS: Record<TemplateCategory, string> = {
  UTILITY: 'Utility: about an order, account or booking',
  MARKETING: 'Marketing: offers, news, invitations',
  AUTHENTICATION: 'Authentication: one-time passwords',
};

/**
 * What the form is for: a new template (`POST /v1/templates`), or an edit of a stored one
 * (`PATCH /v1/templates/{id}`), where Meta keeps the name and language, and an approved
 * template's category.
 */
export type EditorMode =
  { kind: 'new' } | { kind: 'edit'; template: Pick<Template, 'id' | 'name' | 'language' | 'status' | 'rejection'>; onSubmitted?: () => void };

/**
 * A template for Meta's review (admins), new or edited: name, category, language, header, body
 * with its variables' examples, footer, buttons; the message as the customer will see it beside
 * the form, in the thread's own bubble. Meta's rules are checked as the admin types (the same rules
 * the API runs), each refusal beside its field once the admin has tried to submit. `initial`: an
 * empty form, or the stored template read back (`fromDraft`).
 */
export function TemplateEditor({ mode, initial }: { mode: EditorMode; initial: DraftForm }) {
  const [form, setForm] = useState<DraftForm>(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const requestId = useRef(newRequestId());
  const router = useRouter();
  const queryClient = useQueryClient();
  const toast = useToast();

  const local = useMemo(() => draftProblems(form), [form]);
  const problems = attempted ? { ...serverProblems, ...local } : {};
  const preview = useMemo(() => draftPreview(form), [form]);
  const variables = bodyVariables(form.body);
  const editing = mode.kind === 'edit' ? mode.template : null;
  // Meta keeps an approved template's category; a rejected or paused one's may change.
  const categoryLocked = editing !== null && editing.status.toUpperCase() === 'APPROVED';
  const changed = useMemo(() => JSON.stringify(toDraft(form)) !== JSON.stringify(toDraft(initial)), [form, initial]);
  const [unchangedAttempt, setUnchangedAttempt] = useState(false);
  const set = (patch: Partial<DraftForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setServerProblems({});
    setUnchangedAttempt(false);
    requestId.current = newRequestId();
  };
  const setButton = (i: number, patch: Partial<DraftButton>) => set({ buttons: form.buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const error = (field: string) => problems[field];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setFailure(null);
    if (Object.keys(local).length > 0) return;
    // An edit that changes nothing would still count against an approved template's limit at Meta.
    if (editing && !changed) {
      setUnchangedAttempt(true);
      return;
    }
    setBusy(true);
    const draft = toDraft(form);
    const result = editing
      ? await editTemplate(
          editing.id,
          { components: draft.components, ...(draft.category !== initial.category ? { category: draft.category } : {}) },
          requestId.current,
        )
      : await submitTemplate(draft, requestId.current);
    if (result.ok) {
      if (mode.kind === 'edit') mode.onSubmitted?.();
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      toast(
        editing
          ? {
              tone: 'success',
              title: `Submitted the changes to “${result.template.name}” to Meta`,
              description: 'It is pending until Meta reviews it again; it can be sent once Meta approves it.',
            }
          : { tone: 'success', title: `Submitted “${result.template.name}” to Meta`, description: 'It can be sent once Meta approves it.' },
      );
      router.push('/templates');
      return;
    }
    setBusy(false);
    setServerProblems(problemsByField(result.details));
    setFailure(result.problem);
  };

  const problemCount = Object.keys(problems).length;
  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit} aria-label={editing ? `Edit ${editing.name} (${editing.language})` : 'New template'} noValidate>
        {editing?.rejection ? (
          <Callout tone="warning" title={rejectionWords(editing.rejection.reason)}>
            {[editing.rejection.detail, editing.rejection.recommendation].filter(Boolean).join(' ') || 'Change what Meta objected to, then submit it again.'}
          </Callout>
        ) : null}
        {attempted && problemCount > 0 ? (
          <Callout tone="danger" role="alert" title={`Meta would refuse this template: ${problemCount} ${problemCount === 1 ? 'problem' : 'problems'}`}>
            Each one is shown beside its field.
          </Callout>
        ) : null}
        {failure && Object.keys(serverProblems).length === 0 ? (
          <Callout tone="danger" role="alert" title="Not submitted">
            {capitalise(problemDetail(failure))}
          </Callout>
        ) : null}
        {unchangedAttempt ? (
          <Callout tone="info" role="alert" title="Nothing to submit yet">
            The template is as Meta has it: change it first.
            {categoryLocked ? ' Each edit of an approved template counts against Meta’s limit of one a day.' : ''}
          </Callout>
        ) : null}

        <section className={styles.section} aria-labelledby="template-basics">
          <h2 id="template-basics">Basics</h2>
          <Checked message={error('name')}>
            {editing ? (
              <TextField label="Name" value={form.name} readOnly hint="Meta does not allow renaming a template" />
            ) : (
              <TextField
                label="Name"
                value={form.name}
                maxLength={TEMPLATE_LIMITS.name}
                autoComplete="off"
                spellCheck={false}
                hint="Lowercase letters, digits and underscores, e.g. order_ready"
                aria-invalid={error('name') ? true : undefined}
                onChange={(e) => set({ name: e.target.value })}
              />
            )}
          </Checked>
          <div className={styles.row}>
            <Checked message={error('category')}>
              {categoryLocked ? (
                <TextField label="Category" value={CATEGORY_WORDS[form.category]} readOnly hint="Meta keeps an approved template's category" />
              ) : (
                <SelectField label="Category" value={form.category} onChange={(e) => set({ category: e.target.value as TemplateCategory })}>
                  {Object.entries(CATEGORY_WORDS).map(([value, words]) => (
                    <option key={value} value={value}>
                      {words}
                    </option>
                  ))}
                </SelectField>
              )}
            </Checked>
            <Checked message={error('language')}>
              {editing ? (
                <TextField label="Language" value={form.language} readOnly hint="Another language is a new template" />
              ) : (
                <TextField
                  label="Language"
                  value={form.language}
                  maxLength={6}
                  hint="A code such as en or en_US"
                  aria-invalid={error('language') ? true : undefined}
                  onChange={(e) => set({ language: e.target.value })}
                />
              )}
            </Checked>
          </div>
        </section>

        {form.category === 'AUTHENTICATION' ? (
          <section className={styles.section} aria-labelledby="template-auth">
            <h2 id="template-auth">One-time password</h2>
            <p className={styles.note}>
              Meta writes an authentication template&apos;s words: “123456 is your verification code.”, with a Copy code button. You choose the advice and the
              expiry.
            </p>
            <label className={styles.check}>
              <input type="checkbox" checked={form.securityAdvice} onChange={(e) => set({ securityAdvice: e.target.checked })} />
              Add “For your security, do not share this code.”
            </label>
            <Checked message={error('footer.code_expiration_minutes')}>
              <TextField
                label="Code expires after (minutes)"
                value={form.codeExpiryMinutes}
                inputMode="numeric"
                hint="Optional, 1 to 90"
                onChange={(e) => set({ codeExpiryMinutes: e.target.value.replace(/\D/g, '') })}
              />
            </Checked>
            {error('buttons') ? <FieldProblem message={error('buttons')!} /> : null}
          </section>
        ) : (
          <>
            <section className={styles.section} aria-labelledby="template-header">
              <h2 id="template-header">Header</h2>
              <Checked message={error('header') ?? error('header.format')}>
                <SelectField label="Header" value={form.headerKind} onChange={(e) => set({ headerKind: e.target.value as HeaderKind })}>
                  <option value="none">None</option>
                  <option value="text">Text</option>
                  <option value="image">Image</option>
                  <option value="video">Video</option>
                  <option value="document">Document</option>
                </SelectField>
              </Checked>
              {form.headerKind === 'text' ? (
                <>
                  <Checked message={error('header.text')}>
                    <TextField
                      label="Header text"
                      value={form.headerText}
                      maxLength={TEMPLATE_LIMITS.headerText + 10}
                      hint={`At most ${TEMPLATE_LIMITS.headerText} characters and one variable, {{1}}`}
                      aria-invalid={error('header.text') ? true : undefined}
                      onChange={(e) => set({ headerText: e.target.value })}
                    />
                  </Checked>
                  {form.headerText.includes('{{') ? (
                    <Checked message={error('header.example')}>
                      <TextField
                        label="Header example"
                        value={form.headerExample}
                        hint="What the header's variable might be for a customer"
                        aria-invalid={error('header.example') ? true : undefined}
                        onChange={(e) => set({ headerExample: e.target.value })}
                      />
                    </Checked>
                  ) : null}
                </>
              ) : form.headerKind !== 'none' ? (
                <Checked message={error('header.example')}>
                  <TextField
                    label={`Example ${form.headerKind}`}
                    value={form.headerMedia}
                    type="url"
                    hint={`A link to a sample ${form.headerKind} (or a media handle): Meta reviews the template with it. Each send gives its own ${form.headerKind}.`}
                    aria-invalid={error('header.example') ? true : undefined}
                    onChange={(e) => set({ headerMedia: e.target.value })}
                  />
                </Checked>
              ) : null}
            </section>

            <section className={styles.section} aria-labelledby="template-body">
              <h2 id="template-body">Body</h2>
              <Checked message={error('body.text')}>
                <TextArea
                  label="Body"
                  value={form.body}
                  rows={5}
                  maxLength={TEMPLATE_LIMITS.bodyText + 50}
                  hint={`${form.body.length} of ${TEMPLATE_LIMITS.bodyText} characters. Variables: {{1}}, {{2}}, … in order, with words around them.`}
                  aria-invalid={error('body.text') ? true : undefined}
                  onChange={(e) => set({ body: e.target.value })}
                />
              </Checked>
              <div>
                <Button
                  size="sm"
                  onClick={() => set({ body: `${form.body}${form.body === '' || form.body.endsWith(' ') ? '' : ' '}${nextVariable(form.body)}` })}
                >
                  Add variable
                </Button>
              </div>
              {variables.length > 0 ? (
                <fieldset className={styles.examples}>
                  <legend>Example values</legend>
                  {variables.map((v) => (
                    <TextField
                      key={v}
                      label={`Example for {{${v}}}`}
                      value={form.bodyExamples[v] ?? ''}
                      onChange={(e) => set({ bodyExamples: { ...form.bodyExamples, [v]: e.target.value } })}
                    />
                  ))}
                  {error('body.example') ? <FieldProblem message={error('body.example')!} /> : null}
                </fieldset>
              ) : null}
            </section>

            <section className={styles.section} aria-labelledby="template-footer">
              <h2 id="template-footer">Footer</h2>
              <Checked message={error('footer.text')}>
                <TextField
                  label="Footer"
                  value={form.footer}
                  maxLength={TEMPLATE_LIMITS.footerText + 10}
                  hint={`Optional; at most ${TEMPLATE_LIMITS.footerText} characters, no variables`}
                  aria-invalid={error('footer.text') ? true : undefined}
                  onChange={(e) => set({ footer: e.target.value })}
                />
              </Checked>
            </section>

            <section className={styles.section} aria-labelledby="template-buttons">
              <h2 id="template-buttons">Buttons</h2>
              <p className={styles.note}>
                Optional. Up to 10: quick replies (25 characters) kept together, at most 2 link buttons, 1 call button and 1 copy code button.
              </p>
              {error('buttons') ? <FieldProblem message={error('buttons')!} /> : null}
              {form.buttons.map((b, i) => (
                <ButtonRow
                  key={i}
                  index={i}
                  button={b}
                  error={error}
                  onChange={(patch) => setButton(i, patch)}
                  onRemove={() => set({ buttons: form.buttons.filter((_, j) => j !== i) })}
                />
              ))}
              <div className={styles.adders}>
                {BUTTON_KINDS.filter((k) => k.type !== 'OTP').map((k) => (
                  <Button key={k.type} size="sm" onClick={() => set({ buttons: [...form.buttons, emptyButton(k.type)] })}>
                    {k.add}
                  </Button>
                ))}
              </div>
            </section>
          </>
        )}

        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={busy} disabled={busy}>
            {editing ? 'Submit changes for review' : 'Submit for review'}
          </Button>
          <Button asChild>
            <Link href="/templates">Cancel</Link>
          </Button>
        </div>
      </form>

      <aside className={styles.preview} aria-labelledby="template-preview">
        <h2 id="template-preview">Preview</h2>
        <p className={styles.note}>As the customer will see it, the variables filled with their examples.</p>
        <div className={styles.phone}>
          {form.category !== 'AUTHENTICATION' && form.body.trim() === '' && form.headerKind === 'none' ? (
            <p className={styles.placeholder}>Write the body to see the message.</p>
          ) : (
            <TemplateBubble rendered={preview} label="Preview" />
          )}
        </div>
      </aside>
    </div>
  );
}

function ButtonRow({
  index,
  button,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  button: DraftButton;
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<DraftButton>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const at = `buttons[${index}]`;
  const kind = BUTTON_KINDS.find((k) => k.type === button.type)!;
  return (
    <fieldset className={styles.button}>
      <legend>
        Button {n}: {kind.word}
      </legend>
      {button.type === 'QUICK_REPLY' || button.type === 'URL' || button.type === 'PHONE_NUMBER' ? (
        <Checked message={error(`${at}.text`)}>
          <TextField
            label={`Button ${n} text`}
            value={button.text}
            maxLength={TEMPLATE_LIMITS.buttonText + 10}
            hint={`${button.text.length} of ${TEMPLATE_LIMITS.buttonText} characters`}
            aria-invalid={error(`${at}.text`) ? true : undefined}
            onChange={(e) => onChange({ text: e.target.value })}
          />
        </Checked>
      ) : null}
      {button.type === 'URL' ? (
        <>
          <Checked message={error(`${at}.url`)}>
            <TextField
              label={`Button ${n} link`}
              value={button.url}
              type="url"
              hint="https://… ; may end with one variable, {{1}}, filled for each customer"
              aria-invalid={error(`${at}.url`) ? true : undefined}
              onChange={(e) => onChange({ url: e.target.value })}
            />
          </Checked>
          {button.url.includes('{{') ? (
            <Checked message={error(`${at}.example`)}>
              <TextField
                label={`Button ${n} example link`}
                value={button.example}
                type="url"
                hint="The full link with the variable filled in"
                onChange={(e) => onChange({ example: e.target.value })}
              />
            </Checked>
          ) : null}
        </>
      ) : null}
      {button.type === 'PHONE_NUMBER' ? (
        <Checked message={error(`${at}.phone_number`)}>
          <TextField
            label={`Button ${n} phone number`}
            value={button.phone}
            type="tel"
            hint="With its country code, e.g. +15550783881"
            onChange={(e) => onChange({ phone: e.target.value })}
          />
        </Checked>
      ) : null}
      {button.type === 'COPY_CODE' ? (
        <Checked message={error(`${at}.example`)}>
          <TextField
            label={`Button ${n} example code`}
            value={button.example}
            maxLength={TEMPLATE_LIMITS.couponCode + 5}
            hint={`At most ${TEMPLATE_LIMITS.couponCode} characters; each send gives its own code`}
            onChange={(e) => onChange({ example: e.target.value })}
          />
        </Checked>
      ) : null}
      {button.type === 'OTP' ? <p className={styles.note}>WhatsApp shows “Copy code”; each send gives its own code.</p> : null}
      <div>
        <Button size="sm" variant="ghost" onClick={onRemove}>
          Remove button {n}
        </Button>
      </div>
    </fieldset>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
