'use client';

import type { InboundWorkItem, MessageWorkItem, Template } from '@sendbook/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConfirmActions, NoteField } from '@/components/confirm-parts';
import { Time } from '@/components/time';
import { Callout } from '@/components/ui/callout';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { excerpt, outboundContent } from '@/lib/message-content';
import { newRequestId } from '@/lib/request-id';
import { fieldProblem, templateFields, templateSend, type TemplateValues } from '@/lib/template-form';
import { workAction, type WorkAction } from '@/lib/work-actions';
import { approvedTemplatesQuery, candidatesQuery, messageStatusesQuery, runAction, workKeys, type WorkItem } from '../work-queues.queries';
import styles from './work-queue.module.css';

/**
 * Asks before an action that sends or changes state: what it will do in words, what it needs
 * (which message a reply answers, which template), and a note for the audit trail. One
 * idempotency key per opened dialog, so a double press or a retried request acts once.
 */
export function ActionDialog({ item, action, onClose }: { item: WorkItem; action: WorkAction; onClose: () => void }) {
  const display = workAction(action);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const [messageId, setMessageId] = useState<string | null | undefined>(undefined);
  const [templateKey, setTemplateKey] = useState<string>('');
  const [values, setValues] = useState<TemplateValues>({});
  const [valuesTried, setValuesTried] = useState(false);
  const [requestId] = useState(newRequestId);
  const templates = useQuery({ ...approvedTemplatesQuery(), enabled: action === 'release' });

  const mutation = useMutation({
    mutationFn: () =>
      runAction({
        item,
        action,
        note: note.trim(),
        requestId,
        messageId: messageId ?? null,
        template: chosen ? (templateSend(chosen, values) as Record<string, unknown>) : null,
      }),
    onSuccess: async () => {
      toast({ title: `${display.done}`, description: note.trim() ? `Note: ${note.trim()}` : undefined, tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: workKeys.all });
      onClose();
    },
  });

  const chosen = (templates.data?.data ?? []).find((t) => `${t.name}:${t.language}` === templateKey) ?? null;
  const valueProblems = chosen
    ? templateFields(chosen)
        .map((f) => fieldProblem(f, values[f.key] ?? ''))
        .filter((p): p is string => p !== null)
    : [];
  const needsChoice = action === 'attribute' && messageId === undefined;
  const needsTemplate = action === 'release' && !(item.kind === 'held' && item.message.fallback_template) && !templateKey;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setNoteMissing(true);
      return;
    }
    setValuesTried(true);
    if (needsChoice || needsTemplate || valueProblems.length > 0 || mutation.isPending) return;
    mutation.mutate();
  };

  return (
    <DialogRoot open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={display.title} description={<Explanation item={item} action={action} />}>
        <form onSubmit={submit} className={styles.dialogForm} noValidate>
          <ActionBody
            item={item}
            action={action}
            messageId={messageId}
            onMessage={setMessageId}
            templates={templates.data?.data ?? null}
            templateKey={templateKey}
            onTemplate={(key) => {
              setTemplateKey(key);
              setValues({});
            }}
          />
          {chosen
            ? templateFields(chosen).map((field) => {
                const problem = valuesTried ? fieldProblem(field, values[field.key] ?? '') : null;
                return (
                  <TextField
                    key={field.key}
                    label={field.label}
                    value={values[field.key] ?? ''}
                    onChange={(e) => setValues({ ...values, [field.key]: e.target.value })}
                    placeholder={field.example ?? undefined}
                    aria-invalid={problem ? true : undefined}
                    hint={problem ?? undefined}
                  />
                );
              })
            : null}
          <NoteField note={note} onNote={setNote} missing={noteMissing} onMissing={setNoteMissing} autoFocus={action !== 'attribute' && action !== 'release'} />
          <ConfirmActions
            error={mutation.isError ? mutation.error : null}
            errorTitle={`Could not ${display.verb} it`}
            busy={mutation.isPending}
            disabled={needsChoice || needsTemplate}
            danger={display.tone === 'danger'}
            onBack={onClose}
          />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}

/** The sentence under the heading: what the action does, for this kind of item. */
function Explanation({ item, action }: { item: WorkItem; action: WorkAction }) {
  switch (action) {
    case 'retry':
      if (item.kind === 'stuck_sending') return <>Sends it to WhatsApp again.</>;
      if (item.kind === 'failed') return <>Sends the same message again under its own dedupe key. To send it as a new message, use Resend.</>;
      return <>Sends it now, as it is.</>;
    case 'mark_sent':
      return <>Records that the customer has it (they said so, or WhatsApp showed it), without sending again.</>;
    case 'cancel':
      return <>It will not be sent. The customer gets nothing more from it.</>;
    case 'attribute':
      return <>Tie this reply to the message it answers, or to the thread only. It then shows in the conversation under that message.</>;
    case 'resend':
      return <>Sends a new message with the same content; the failed one stays as it is.</>;
    case 'release':
      return <>The window is closed, so only a template can reach the customer. The held message is cancelled and the template sent instead.</>;
    case 'dismiss':
      return <>Nothing more is done with it; it moves to the Resolved tab with your note.</>;
    case 'replay':
      return <>Processes the stored body again. Events already applied are recognised and not applied twice.</>;
    case 'resolve':
      return <>Closes the alert. If the figure is still past its threshold, a new alert is raised.</>;
  }
}

function ActionBody(props: {
  item: WorkItem;
  action: WorkAction;
  messageId: string | null | undefined;
  onMessage: (id: string | null) => void;
  templates: readonly Template[] | null;
  templateKey: string;
  onTemplate: (key: string) => void;
}) {
  const { item, action } = props;
  if (action === 'retry' && item.kind === 'stuck_sending') return <RetryWarning item={item} />;
  if (action === 'resend' && item.kind === 'failed') {
    return (
      <dl className={styles.facts}>
        <dt>New dedupe key</dt>
        <dd className={styles.mono}>{item.resend_dedupe_key ?? 'derived from the old one'}</dd>
        <dt>Old dedupe key</dt>
        <dd className={styles.mono}>{item.message.dedupe_key}</dd>
      </dl>
    );
  }
  if (action === 'attribute' && item.kind === 'unattributed_inbound') return <Candidates item={item} value={props.messageId} onChange={props.onMessage} />;
  if (action === 'release' && item.kind === 'held')
    return <TemplateChoice item={item} templates={props.templates} value={props.templateKey} onChange={props.onTemplate} />;
  return null;
}

/** A retry may be a duplicate on the customer's phone: say so, and say what WhatsApp told us since. */
function RetryWarning({ item }: { item: MessageWorkItem }) {
  const statuses = useQuery(messageStatusesQuery(item.kind, item.id));
  const list = statuses.data?.data ?? [];
  return (
    <>
      <Callout tone="warning" title="The first attempt may have reached the customer">
        WhatsApp never answered, so Sendbook cannot tell whether it arrived. Sending again can make the customer get it twice. If they may have it, ask them or
        use Mark sent.
      </Callout>
      <p className={styles.statusLine} role="status">
        {statuses.isPending
          ? 'Checking for status webhooks…'
          : statuses.isError
            ? 'Could not check for status webhooks.'
            : list.length === 0
              ? 'No status webhook has arrived for it: WhatsApp has not said it was sent or delivered.'
              : `WhatsApp reported it ${list.map((s) => s.status).join(', then ')}: it likely reached the customer.`}
      </p>
    </>
  );
}

function Candidates({ item, value, onChange }: { item: InboundWorkItem; value: string | null | undefined; onChange: (id: string | null) => void }) {
  const candidates = useQuery(candidatesQuery(item.id));
  const list = candidates.data?.data ?? [];
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>It answers</legend>
      {candidates.isPending ? <p className={styles.secondary}>Loading the customer’s recent messages…</p> : null}
      {candidates.isError ? <p className={styles.secondary}>Could not load the customer’s recent messages.</p> : null}
      {candidates.data && list.length === 0 ? <p className={styles.secondary}>Sendbook sent this customer nothing recently.</p> : null}
      {list.map((message) => (
        <label key={message.id} className={styles.choice}>
          <input type="radio" name="answers" value={message.id} checked={value === message.id} onChange={() => onChange(message.id)} />
          <span>
            <span className={styles.choiceText}>{excerpt(outboundContent(message), 140)}</span>
            <span className={styles.secondary}>
              {message.purpose} · sent <Time past at={message.sent_at ?? message.accepted_at ?? message.created_at} />
            </span>
          </span>
        </label>
      ))}
      <label className={styles.choice}>
        <input type="radio" name="answers" value="" checked={value === null} onChange={() => onChange(null)} disabled={!item.inbound.conversation_id} />
        <span>
          <span className={styles.choiceText}>The thread only</span>
          <span className={styles.secondary}>
            {item.inbound.conversation_id ? 'It answers none of these; keep it in the conversation.' : 'This customer has no conversation yet.'}
          </span>
        </span>
      </label>
    </fieldset>
  );
}

function TemplateChoice({
  item,
  templates,
  value,
  onChange,
}: {
  item: MessageWorkItem;
  templates: readonly Template[] | null;
  value: string;
  onChange: (key: string) => void;
}) {
  const fallback = item.message.fallback_template as { name?: string; language?: { code?: string } } | null;
  return (
    <SelectField
      label="Template"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={fallback ? 'Leave it on the fallback unless another template fits better.' : 'Pick the template to send instead.'}
    >
      <option value="">
        {fallback
          ? `Its fallback: ${fallback.name ?? 'unnamed'}${fallback.language?.code ? ` (${fallback.language.code})` : ''}`
          : templates === null
            ? 'Loading templates…'
            : 'Choose a template'}
      </option>
      {(templates ?? []).map((t) => (
        <option key={`${t.name}:${t.language}`} value={`${t.name}:${t.language}`}>
          {t.name} ({t.language}) · {t.category.toLowerCase()}
        </option>
      ))}
    </SelectField>
  );
}
