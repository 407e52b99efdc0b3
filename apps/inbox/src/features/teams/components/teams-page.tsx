'use client';

import type { Team } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmActions } from '@/components/confirm-parts';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { Table, Td, Th } from '@/components/ui/table';
import { teamQuery } from '@/features/conversations/conversations.queries';
import { numbersQuery } from '@/features/numbers/numbers.queries';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { useTeamMutations } from '../hooks/use-team-mutations';
import { assignmentWords, hoursWords, outOfOfficeWords, targetsWords } from '../team-words';
import { teamsQuery } from '../teams.queries';
import { TeamForm } from './team-form';
import styles from './teams.module.css';

/** A time zone breaks after its slashes ("America/<wbr>Argentina/<wbr>Buenos_Aires"), not inside a word. */
function breakable(text: string) {
  const parts = text.split('/');
  return parts.flatMap((part, i) => (i === parts.length - 1 ? [part] : [`${part}/`, <wbr key={i} />]));
}

const listState = (q: { isPending: boolean; isError: boolean }) => (q.isError ? 'error' : q.isPending ? 'loading' : 'ready');

/** Teams, the numbers routed to them and how they work; admins make, change and delete them here. */
export function TeamsPage({ initial }: { initial: Loaded<{ data: Team[] }> }) {
  const query = useSeededQuery(teamsQuery(), initial);
  const teams = query.data?.data ?? [];
  const staff = useQuery(teamQuery);
  const numbers = useQuery(numbersQuery());
  const { save, remove } = useTeamMutations();
  const [editing, setEditing] = useState<Team | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  // A new form after each save or cancel (its defaults are read once).
  const [formKey, setFormKey] = useState(0);
  const done = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const numberOptions = (numbers.data?.data ?? []).map((n) => ({
    phone_number_id: n.phone_number_id,
    label: [n.profile?.verified_name, n.profile?.display_phone_number, n.phone_number_id].filter(Boolean).join(' · '),
  }));
  // Members of the team being edited who were since deactivated stay listed, so saving keeps or drops them knowingly.
  const people = [...(staff.data ?? []), ...(editing?.members.filter((m) => !(staff.data ?? []).some((s) => s.id === m.id)) ?? [])];

  return (
    <Page title="Teams" subtitle="Who answers which numbers">
      <PageDescription>
        Each business number goes to one team. The team’s assignment, response targets and business hours decide who gets a conversation and how fast it must be
        answered.
      </PageDescription>
      <QueryContent
        query={query}
        loading="Loading teams…"
        isEmpty={teams.length === 0}
        empty={{ icon: 'info', title: 'No teams yet', body: 'Make a team, add its members and route a business number to it.' }}
      >
        <Table label="Teams">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Members</Th>
              <Th>Numbers</Th>
              <Th>Assignment</Th>
              <Th>Targets</Th>
              <Th>Hours</Th>
              <Th>
                <span className="visually-hidden">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {teams.map((team) => (
              <tr key={team.id}>
                {/* Cells wrap within the page (each number on its own line), so the table never scrolls sideways. */}
                <Td className={styles.nameCell}>
                  <span className={styles.name}>{team.name}</span>
                </Td>
                <Td className={styles.cell}>{team.members.length === 0 ? 'Nobody' : team.members.map((m) => m.name).join(', ')}</Td>
                <Td className={styles.numbersCell}>
                  {team.phone_number_ids.length === 0 ? (
                    'None'
                  ) : (
                    <ul className={styles.numberList}>
                      {team.phone_number_ids.map((n) => (
                        <li key={n}>{n}</li>
                      ))}
                    </ul>
                  )}
                </Td>
                <Td className={styles.cell}>{assignmentWords(team.assignment)}</Td>
                <Td className={styles.cell}>{targetsWords(team.targets)}</Td>
                <Td className={styles.cell}>
                  {breakable(hoursWords(team.business_hours))}
                  {outOfOfficeWords(team) ? (
                    <span className={styles.cellNote} title={team.out_of_office?.text}>
                      {outOfOfficeWords(team)}
                    </span>
                  ) : null}
                </Td>
                <Td className={styles.actionsCell}>
                  <div className={styles.actions}>
                    <Button size="sm" onClick={() => setEditing(team)} aria-label={`Edit ${team.name}`}>
                      Edit
                    </Button>
                    <Button size="sm" onClick={() => setDeleting(team)} aria-label={`Delete ${team.name}`}>
                      Delete
                    </Button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </QueryContent>
      <TeamForm
        key={`${editing?.id ?? 'new'}-${formKey}`}
        team={editing}
        staff={people}
        numbers={numberOptions}
        lists={{ staff: listState(staff), numbers: listState(numbers) }}
        save={save}
        onDone={done}
      />
      {deleting ? (
        <DialogRoot open onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
          <DialogContent
            title={`Delete ${deleting.name}?`}
            description={
              deleting.phone_number_ids.length > 0
                ? `Its numbers (${deleting.phone_number_ids.join(', ')}) will go to no team. Conversations stay as they are.`
                : 'Conversations stay as they are.'
            }
          >
            <ConfirmActions
              error={remove.isError ? remove.error : null}
              errorTitle="Not deleted"
              busy={remove.isPending}
              danger
              onBack={() => setDeleting(null)}
              onConfirm={() =>
                remove.mutate(deleting, {
                  onSuccess: () => {
                    if (editing?.id === deleting.id) done();
                    setDeleting(null);
                  },
                })
              }
            />
          </DialogContent>
        </DialogRoot>
      ) : null}
    </Page>
  );
}
