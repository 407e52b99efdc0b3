'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type { Template } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Callout } from '@/components/ui/callout';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/skeleton';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import {
  emptyValues,
  matchesSearch,
  sendableTemplates,
  templateFields,
  templatePreview,
  templateSchema,
  templateSend,
  type TemplateValues,
} from '@/lib/template-form';
import { templatesQuery } from '@/features/composer/composer.queries';
import { useSendTemplate, type TemplateTarget } from '@/features/composer/hooks/use-send-template';
import styles from './template-picker.module.css';

/**
 * Choosing and sending a template: search by name or words, a language, one input per parameter
 * the template needs, the message as the customer will see it, and Send only once every input is
 * valid by the registry's rules (the API checks again before queueing). One press sends once.
 */
export function TemplatePicker({
  open,
  onOpenChange,
  contact,
  windowOpen,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact: string;
  windowOpen: boolean;
  target: TemplateTarget;
}) {
  const query = useQuery({ ...templatesQuery, enabled: open });
  const [search, setSearch] = useState('');
  const [language, setLanguage] = useState('');
  const [chosen, setChosen] = useState<Template | null>(null);
  const all = useMemo(() => sendableTemplates(query.data ?? []), [query.data]);
  const languages = useMemo(() => [...new Set(all.map((t) => t.language))].sort(), [all]);
  const shown = all.filter((t) => matchesSearch(t, search) && (!language || t.language === language));
  const searchId = useId();
  const languageId = useId();

  return (
    <DialogRoot
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setChosen(null);
      }}
    >
      <DialogContent
        title="Send a template"
        description={
          windowOpen ? `An approved template, filled in for ${contact}.` : `The 24-hour window is closed: only an approved template can reach ${contact}.`
        }
        className={styles.dialog}
      >
        <div className={styles.layout}>
          <div className={styles.choose}>
            <div className={styles.filters}>
              <label htmlFor={searchId} className="visually-hidden">
                Search templates
              </label>
              <input
                id={searchId}
                type="search"
                className={styles.input}
                placeholder="Search templates"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <label htmlFor={languageId} className="visually-hidden">
                Language
              </label>
              <select id={languageId} className={styles.input} value={language} onChange={(e) => setLanguage(e.target.value)}>
                <option value="">All languages</option>
                {languages.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </div>
            {query.isError ? (
              <Callout tone="danger" role="alert" title="Could not load the templates">
                {problemDetail(toProblem(query.error))}
              </Callout>
            ) : !query.data ? (
              <Loading label="Loading templates…" rows={4} />
            ) : shown.length === 0 ? (
              <p className={styles.none} role="status">
                {all.length === 0 ? 'No approved templates yet: an admin syncs them from Meta on the Templates page.' : 'No approved template matches.'}
              </p>
            ) : (
              <ul className={styles.list} aria-label="Approved templates">
                {shown.map((template) => (
                  <li key={template.id}>
                    <button type="button" className={styles.option} aria-pressed={chosen?.id === template.id} onClick={() => setChosen(template)}>
                      <span className={styles.optionName}>{template.name}</span>
                      <span className={styles.optionMeta}>
                        {template.language} · {template.category.toLowerCase()}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={styles.fill}>
            {chosen ? (
              <TemplateForm key={chosen.id} template={chosen} contact={contact} target={target} onSent={() => onOpenChange(false)} />
            ) : (
              <p className={styles.none}>Choose a template to fill in its parameters and see it as {contact} will.</p>
            )}
          </div>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}

function TemplateForm({ template, contact, target, onSent }: { template: Template; contact: string; target: TemplateTarget; onSent: () => void }) {
  const fields = useMemo(() => templateFields(template), [template]);
  const form = useForm<TemplateValues>({
    resolver: zodResolver(templateSchema(fields)) as unknown as Resolver<TemplateValues>,
    defaultValues: emptyValues(fields),
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as TemplateValues;
  const preview = templatePreview(template, values);
  const { send, sending, failure } = useSendTemplate(target, onSent);
  const { errors, isValid } = form.formState;
  const formId = useId();

  const submit = form.handleSubmit((valid) => send(templateSend(template, valid)));

  return (
    <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={`Parameters of ${template.name}`}>
      <h3 className={styles.formTitle}>
        {template.name} <span className={styles.optionMeta}>({template.language})</span>
      </h3>
      {fields.length === 0 ? <p className={styles.none}>This template has no parameters: it is sent as it is.</p> : null}
      {fields.map((field) => {
        const error = errors[field.key]?.message;
        const inputId = `${formId}-${field.key}`;
        return (
          <div key={field.key} className={styles.field}>
            <label htmlFor={inputId}>{field.label}</label>
            <input
              id={inputId}
              className={styles.input}
              type={field.kind === 'media' ? 'url' : 'text'}
              placeholder={field.example ? `e.g. ${field.example}` : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              {...form.register(field.key)}
            />
            {error ? (
              <p id={`${inputId}-error`} className={styles.error}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <section className={styles.preview} aria-label="Preview">
        <span className={styles.previewLabel}>What {contact} will see</span>
        <div className={styles.previewBubble}>
          {preview.headerMedia ? <p className={styles.previewMedia}>[{preview.headerMedia}]</p> : null}
          {preview.header ? <p className={styles.previewHeader}>{preview.header}</p> : null}
          <p className={styles.previewBody}>{preview.body}</p>
          {preview.footer ? <p className={styles.previewFooter}>{preview.footer}</p> : null}
          {preview.buttons.length > 0 ? (
            <ul className={styles.previewButtons}>
              {preview.buttons.map((b, i) => (
                <li key={`${i}-${b.text}`}>{b.text}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
      {failure ? (
        <Callout tone="danger" role="alert" title="Not sent">
          {failure}
        </Callout>
      ) : null}
      <div className={styles.actions}>
        {!isValid && fields.length > 0 ? <span className={styles.hint}>Fill in every parameter to send.</span> : null}
        <Button type="submit" variant="primary" disabled={!isValid || sending} busy={sending}>
          Send template
        </Button>
      </div>
    </form>
  );
}
