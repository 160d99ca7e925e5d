import type { ProfileDto } from '@repo/shared/schemas/auth';
import { addressLine } from '@repo/shared/schemas/address';
import { formatDate } from '@repo/shared/domain/dates';
import { Avatar, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconDeviceMobile, IconMail, IconMapPin, IconPencil, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { accountsCopy } from '../copy';

/**
 * The personal details card of My Profile: name, email, mobile and member since, then the billing address, with the
 * edit button.
 */
export function ProfileDetails({ user, onEdit }: { user: ProfileDto; onEdit: () => void }) {
  const copy = accountsCopy.profile;
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Card padding="lg" shadow="xs">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Avatar color="brand" radius="xl" size={56} name={fullName} aria-hidden />
          <Stack gap={0} miw={0}>
            <Title order={2} fz="xl" lineClamp={1}>
              {fullName}
            </Title>
            <Text c="dimmed" size="sm">
              {copy.cardTitle}
            </Text>
          </Stack>
        </Group>
        <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          {copy.edit}
        </Button>
      </Group>
      <Divider my="lg" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg" component="dl" m={0}>
        <Detail icon={<IconUser size={18} aria-hidden />} label={copy.name} value={fullName} />
        <Detail icon={<IconMail size={18} aria-hidden />} label={copy.email} value={user.email} />
        <Detail icon={<IconDeviceMobile size={18} aria-hidden />} label={copy.mobile} value={user.mobile} />
        <Detail icon={<IconCalendar size={18} aria-hidden />} label={copy.memberSince} value={formatDate(user.createdAt)} />
        <Detail
          icon={<IconMapPin size={18} aria-hidden />}
          label={copy.billingAddress}
          value={
            user.billingAddress && user.billingPin && user.billingState
              ? addressLine({ address: user.billingAddress, pin: user.billingPin, state: user.billingState })
              : copy.noBillingAddress
          }
          wide
        />
      </SimpleGrid>
    </Card>
  );
}

function Detail({ icon, label, value, wide }: { icon: ReactNode; label: string; value: string; wide?: boolean }) {
  return (
    <div style={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Group component="dt" gap={6} wrap="nowrap" c="dimmed">
        <Text component="span" c="brand.6" lh={0}>
          {icon}
        </Text>
        <Text component="span" size="xs" tt="uppercase" fw={600} lts={0.5}>
          {label}
        </Text>
      </Group>
      <Text component="dd" m={0} mt={4} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
