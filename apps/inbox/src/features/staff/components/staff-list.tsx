'use client';

import type { StaffMember } from '@sendbook/api-contract';
import { useState, type FormEvent } from 'react';
import { ConfirmActions } from '@/components/confirm-parts';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { Table, Td, Th } from '@/components/ui/table';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { useChangeStaff, type StaffChange } from '@/features/staff/hooks/use-change-staff';
import { useInviteStaff, type OneTimeLink } from '@/features/staff/hooks/use-invite-staff';
import { staffQuery } from '@/features/staff/staff.queries';
import styles from './staff.module.css';

type Asking = { kind: 'invite' } | StaffChange;

/** Who can sign in to the inbox: invite, change a role, deactivate or reactivate, reset a password. Admins only. */
export function StaffList({ initial, me }: { initial: Loaded<{ data: StaffMember[] }>; me: string }) {
  const query = useSeededQuery(staffQuery(), initial);
  const staff = query.data?.data ?? [];
  const [asking, setAsking] = useState<Asking | null>(null);
  const [link, setLink] = useState<OneTimeLink | null>(null);
  return (
    <Page
      title="Staff"
      subtitle="Who can sign in to the inbox"
      actions={
        <Button size="sm" variant="primary" onClick={() => setAsking({ kind: 'invite' })}>
          Invite
        </Button>
      }
    >
      <PageDescription>Agents answer customers and see the work queues; admins also resolve work items, see queue health and manage staff.</PageDescription>
      {link ? (
        <Callout tone="success" role="status" title={link.title} className={styles.notice}>
          Send them this link; it is shown once and works for 7 days:{' '}
          <span className={styles.linkRow}>
            <input className={styles.link} readOnly value={link.url} aria-label="One-time link" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton text={link.url} />
          </span>
        </Callout>
      ) : null}
      <QueryContent
        query={query}
        loading="Loading staff…"
        isEmpty={staff.length === 0}
        empty={{ icon: 'users', title: 'No staff yet', body: 'Nobody can sign in yet besides the bootstrap admin.' }}
      >
        <Table label="Staff">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Role</Th>
              <Th>Status</Th>
              <Th>Last seen</Th>
              <Th>
                <span className="visually-hidden">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <tr key={member.id}>
                <Td>
                  {member.name}
                  {member.id === me ? <span className={styles.you}> (you)</span> : null}
                </Td>
                <Td mono>{member.email}</Td>
                <Td>
                  <Badge tone={member.role === 'admin' ? 'progress' : 'neutral'}>{member.role === 'admin' ? 'Admin' : 'Agent'}</Badge>
                </Td>
                <Td>
                  <Badge tone={!member.active ? 'muted' : member.invite_pending ? 'warning' : 'success'} dot>
                    {!member.active ? 'Deactivated' : member.invite_pending ? 'Invited' : 'Active'}
                  </Badge>
                </Td>
                <Td muted>{member.last_seen_at ? <Time past at={member.last_seen_at} /> : 'Never'}</Td>
                <Td>
                  {member.id === me ? (
                    <span className={styles.you}>Another admin can change your role</span>
                  ) : (
                    <div className={styles.actions}>
                      <Button size="sm" onClick={() => setAsking({ kind: 'role', member })} disabled={!member.active}>
                        {member.role === 'admin' ? 'Make agent' : 'Make admin'}
                      </Button>
                      {member.invite_pending ? (
                        <Button size="sm" onClick={() => setAsking({ kind: 'resend', member })} disabled={!member.active}>
                          Resend invite
                        </Button>
                      ) : (
                        <Button size="sm" onClick={() => setAsking({ kind: 'reset', member })} disabled={!member.active}>
                          Reset password
                        </Button>
                      )}
                      <Button size="sm" variant={member.active ? 'danger' : 'secondary'} onClick={() => setAsking({ kind: 'active', member })}>
                        {member.active ? 'Deactivate' : 'Reactivate'}
                      </Button>
                    </div>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </QueryContent>
      {asking?.kind === 'invite' ? (
        <InviteDialog onClose={() => setAsking(null)} onInvited={setLink} />
      ) : asking ? (
        <ChangeDialog asking={asking} onClose={() => setAsking(null)} onLink={setLink} />
      ) : null}
    </Page>
  );
}

function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (link: OneTimeLink) => void }) {
  const [form, setForm] = useState({ name: '', email: '', role: 'agent' as StaffMember['role'] });
  const [tried, setTried] = useState(false);
  const invite = useInviteStaff(onInvited, onClose);
  const nameMissing = tried && !form.name.trim();
  const emailBad = tried && !/^[^\s@]+@[^\s@]+$/.test(form.email.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!form.name.trim() || !/^[^\s@]+@[^\s@]+$/.test(form.email.trim()) || invite.isPending) return;
    invite.mutate({ name: form.name.trim(), email: form.email.trim(), role: form.role });
  };
  return (
    <DialogRoot open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Invite a staff member" description="They get a one-time link to choose their own password.">
        <form onSubmit={submit} className={styles.form} noValidate>
          <TextField
            label="Name"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            aria-invalid={nameMissing || undefined}
            hint={nameMissing ? 'Enter their name.' : undefined}
            autoFocus
            maxLength={200}
          />
          <TextField
            label="Email"
            type="email"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
            aria-invalid={emailBad || undefined}
            hint={emailBad ? 'Enter an email address, like dana@shop.example.' : undefined}
            maxLength={320}
          />
          <SelectField
            label="Role"
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.target.value === 'admin' ? 'admin' : 'agent' })}
            hint="Admins also resolve work items, see queue health and manage staff."
          >
            <option value="agent">Agent</option>
            <option value="admin">Admin</option>
          </SelectField>
          <ConfirmActions error={invite.isError ? invite.error : null} errorTitle="Could not invite them" busy={invite.isPending} onBack={onClose} />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}

function ChangeDialog({ asking, onClose, onLink }: { asking: StaffChange; onClose: () => void; onLink: (link: OneTimeLink) => void }) {
  const { member } = asking;
  const words = changeWords(asking.kind, member);
  const change = useChangeStaff(asking, words.done, onLink, onClose);
  return (
    <DialogRoot open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={words.title} description={words.description}>
        <div className={styles.form}>
          <ConfirmActions
            error={change.isError ? change.error : null}
            errorTitle="It did not work"
            busy={change.isPending}
            danger={asking.kind === 'active' && member.active}
            onBack={onClose}
            onConfirm={() => change.mutate()}
          />
        </div>
      </DialogContent>
    </DialogRoot>
  );
}

/** Copies the link; where the browser will not (no permission), the field is selected for Ctrl+C instead. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      // Back to "Copy" after a moment, so a second copy is seen to happen too.
      setTimeout(() => setCopied(null), 2_000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <Button size="sm" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
      {copied === false ? <span role="status">Copying is not allowed here: select the link and press Ctrl+C.</span> : null}
    </>
  );
}

function changeWords(kind: StaffChange['kind'], member: StaffMember): { title: string; description: string; done: string } {
  if (kind === 'resend')
    return {
      title: `Resend ${member.name}’s invite`,
      description: 'You get a new one-time link to send them; the link they have stops working.',
      done: 'Invite resent',
    };
  if (kind === 'reset')
    return {
      title: `Reset ${member.name}’s password`,
      description: 'Their sessions end at once and their password stops working. You get a one-time link to send them.',
      done: 'Password reset',
    };
  if (kind === 'role') {
    return member.role === 'admin'
      ? {
          title: `Make ${member.name} an agent`,
          description: 'They keep answering customers but can no longer resolve work items, see queue health or manage staff.',
          done: `${member.name} is now an agent`,
        }
      : {
          title: `Make ${member.name} an admin`,
          description: 'They can then resolve work items, pause numbers, see queue health and manage staff.',
          done: `${member.name} is now an admin`,
        };
  }
  return member.active
    ? {
        title: `Deactivate ${member.name}`,
        description: 'They are signed out everywhere at once and cannot sign in until reactivated. Their history stays.',
        done: `${member.name} is deactivated`,
      }
    : { title: `Reactivate ${member.name}`, description: 'They can sign in again with their password.', done: `${member.name} is reactivated` };
}
