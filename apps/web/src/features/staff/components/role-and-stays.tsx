import { STAFF_ROLES, type StaffRole } from '@repo/shared/domain/staff';
import { Checkbox, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { STAFF_COPY } from '../copy';

const c = STAFF_COPY;

/** The role, each with what it may do. */
export function RoleField({ value, onChange, error }: { value: StaffRole; onChange: (r: StaffRole) => void; error?: string }) {
  return (
    <Radio.Group
      label={c.invite.role}
      value={value}
      onChange={(v) => onChange(STAFF_ROLES.find((r) => r === v) ?? 'frontDesk')}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {STAFF_ROLES.map((role) => (
          <Radio key={role} value={role} label={c.roles[role]} description={<Text size="xs">{c.roleHints[role]}</Text>} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The owner's stays to give, as checkboxes. */
export function StaysField({
  stays,
  value,
  onChange,
  error,
}: {
  stays: readonly { id: string; name: string }[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  return (
    <Checkbox.Group label={c.invite.stays} value={value} onChange={onChange} error={error}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {stays.map((s) => (
          <Checkbox key={s.id} value={s.id} label={s.name} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
