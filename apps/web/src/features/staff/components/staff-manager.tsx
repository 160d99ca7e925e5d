import type { StaffMemberDto } from '@repo/shared/schemas/staff';
import { Badge, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminTable } from '@/components/ui/admin-table';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/lib/notify';
import { useOwnStays, useRemoveStaff, useStaff, useStaffActions } from '../api';
import { STAFF_COPY } from '../copy';
import { EditDialog } from './edit-dialog';
import { InviteForm } from './invite-form';
import { indiaDateTime } from './when';

const c = STAFF_COPY;
const nameOf = (m: StaffMemberDto) => m.name ?? m.email;

/** The owner's Staff page: invite, the members and invitations (change, remove), and what staff did lately. */
export function StaffManager() {
  const stays = useOwnStays();
  const staff = useStaff();
  const remove = useRemoveStaff();
  const [editing, setEditing] = useState<StaffMemberDto | null>(null);
  return (
    <Stack gap="lg">
      <QueryState
        query={stays}
        skeleton={<Skeleton height={220} radius="lg" />}
        errorTitle={c.list.listError}
        recover={{ retry: c.list.retry }}
      >
        {(list) => <InviteForm stays={list} />}
      </QueryState>
      <section aria-labelledby="staff-list">
        <Title order={2} fz="lg" id="staff-list" mb="sm">
          {c.list.title}
        </Title>
        <AdminTable
          query={staff}
          copy={c.list}
          minWidth={820}
          rowKey={(m) => m.id}
          rowName={nameOf}
          columns={[
            {
              header: c.list.columns.name,
              cell: (m) => (
                <>
                  <Text size="sm" fw={600}>
                    {nameOf(m)}
                  </Text>
                  {m.name && (
                    <Text size="xs" c="gray.7">
                      {m.email}
                    </Text>
                  )}
                </>
              ),
            },
            { header: c.list.columns.role, cell: (m) => c.roles[m.role] },
            { header: c.list.columns.stays, cell: (m) => m.stays.map((s) => s.name).join(', ') },
            { header: c.list.columns.status, cell: (m) => <MemberStatus m={m} /> },
          ]}
          actions={(m) => [{ label: c.list.edit, icon: IconEdit, variant: 'default', onClick: () => setEditing(m) }]}
          onDelete={(m) =>
            remove.mutateAsync(m.id).then(
              () => toast.success(c.list.removed, 'admin'),
              (err) => toast.fromError(err, 'admin'),
            )
          }
          confirmText={(m) => c.list.confirmText(nameOf(m))}
        />
      </section>
      {editing && stays.data && <EditDialog member={editing} stays={stays.data} onClose={() => setEditing(null)} />}
      <RecentActions />
    </Stack>
  );
}

/** Near-black text on the badge's light colour: readable (WCAG AA) whatever the colour. */
const BADGE_TEXT = 'var(--mantine-color-dark-8)';

/** Active, or invited with until when its link works. */
function MemberStatus({ m }: { m: StaffMemberDto }) {
  const active = m.status === 'active';
  return (
    <>
      <Badge
        color={active ? 'teal' : 'yellow'}
        variant="light"
        radius="sm"
        styles={{ root: { '--badge-color': BADGE_TEXT, textTransform: 'none' }, label: { color: BADGE_TEXT } }}
      >
        {active ? c.list.active : c.list.invitedBadge}
      </Badge>
      {!active && (
        <Text size="xs" c="gray.7" mt={4}>
          {c.list.invited(m.inviteExpiresAt ? indiaDateTime(m.inviteExpiresAt) : null)}
        </Text>
      )}
    </>
  );
}

/** The newest things staff did, with who and when. */
function RecentActions() {
  const actions = useStaffActions();
  return (
    <Card component="section" withBorder radius="lg" p="lg" aria-labelledby="staff-actions">
      <Title order={2} fz="lg" id="staff-actions" mb="sm">
        {c.actions.title}
      </Title>
      <QueryState
        query={actions}
        skeleton={<Skeleton height={60} aria-label={c.actions.loading} />}
        errorTitle={c.actions.error}
        recover={{ retry: c.list.retry }}
      >
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{c.actions.empty}</Text>
          ) : (
            <List spacing={4} size="sm">
              {list.map((a) => (
                <List.Item key={a.id}>
                  <b>{a.actorName}</b> · {a.action} · {indiaDateTime(a.at)}
                </List.Item>
              ))}
            </List>
          )
        }
      </QueryState>
    </Card>
  );
}
