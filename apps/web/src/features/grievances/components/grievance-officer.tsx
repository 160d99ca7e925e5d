import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useSiteInfo } from '../api/site-info';
import { GRIEVANCE_COPY } from '../copy';

const c = GRIEVANCE_COPY.officer;

/**
 * The platform's grievance officer, named in every guest page's footer (Consumer Protection (E-Commerce) Rules
 * 2020, rule 4(4)): name, email and phone from the settings (GET /api/site).
 */
export function GrievanceOfficer() {
  const site = useSiteInfo();
  const officer = site.data?.grievanceOfficer;
  return (
    <Stack gap={4} data-testid="grievance-officer">
      <Text component="h2" fw={700} size="sm" tt="uppercase" lts={0.5} c="white">
        {c.title}
      </Text>
      {officer ? (
        <Text size="sm" c="gray.3">
          {c.intro}{' '}
          <Text span fw={600} c="white">
            {officer.name}
          </Text>
          {' · '}
          <Anchor href={`mailto:${officer.email}`} c="gray.2" underline="always">
            {officer.email}
          </Anchor>
          {' · '}
          <Anchor href={`tel:${officer.phone.replace(/[^\d+]/g, '')}`} c="gray.2" underline="always">
            {officer.phone}
          </Anchor>
        </Text>
      ) : site.isError ? (
        <Group gap="xs">
          <Text size="sm" c="gray.3">
            {c.loadError}
          </Text>
          <Button size="compact-xs" variant="white" color="dark" onClick={() => site.refetch()}>
            {c.retry}
          </Button>
        </Group>
      ) : (
        <Skeleton height={14} width="60%" role="status" aria-label={c.loading} />
      )}
    </Stack>
  );
}
