'use client';

import { Page, PageDescription } from '../../../components/page';
import { ProblemState } from '../../../components/problem-state';
import { Badge } from '../../../components/ui/badge';
import { Loading } from '../../../components/ui/skeleton';
import { State } from '../../../components/ui/state';
import { Table, Td, Th } from '../../../components/ui/table';
import { Time } from '../../../components/time';
import type { StaffMember } from '@sendbook/api-contract';
import type { Loaded } from '../../../lib/server-api';
import { useSeededQuery } from '../../../lib/use-seeded-query';
import { staffQuery } from '../staff.queries';

/** Who can sign in to the inbox, with their role and whether they still can. Admins only. */
export function StaffList({ initial, me }: { initial: Loaded<{ data: StaffMember[] }>; me: string }) {
  const query = useSeededQuery(staffQuery(), initial);
  const staff = query.data?.data ?? [];
  return (
    <Page title="Staff" subtitle="Who can sign in to the inbox">
      <PageDescription>Agents answer customers and work the queues; admins also see queue health and manage staff.</PageDescription>
      {query.problem && !query.data ? (
        <ProblemState problem={query.problem} onRetry={query.retry} retrying={query.isFetching} />
      ) : !query.data ? (
        <Loading label="Loading staff…" />
      ) : staff.length === 0 ? (
        <State role="status" icon="users" title="No staff yet" compact>
          Nobody can sign in yet besides the bootstrap admin.
        </State>
      ) : (
        <Table label="Staff">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Role</Th>
              <Th>Status</Th>
              <Th>Last seen</Th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <tr key={member.id}>
                <Td>
                  {member.name}
                  {member.id === me ? <span style={{ color: 'var(--text-3)' }}> (you)</span> : null}
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
                <Td muted>{member.last_seen_at ? <Time at={member.last_seen_at} /> : 'Never'}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Page>
  );
}
