import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useSiteInfo } from '../api/site-info';
import { GRIEVANCE_COPY } from '../copy';

const c = GRIEVANCE_COPY.officer;
const p = GRIEVANCE_COPY.platform;

/** A phone number as a tel: link (digits and the leading + only). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A footer block's heading. */
function FooterTitle({ children }: { children: string }) {
  return (
    <Text component="h2" fw={700} size="sm" tt="uppercase" lts={0.5} c="white">
      {children}
    </Text>
  );
}

/** An email address or phone number as a link, on the footer's dark ground. */
function ContactLink({ kind, value }: { kind: 'email' | 'phone'; value: string }) {
  return (
    <Anchor href={kind === 'email' ? `mailto:${value}` : telHref(value)} c="gray.2" underline="always">
      {value}
    </Anchor>
  );
}

/**
 * The platform's grievance officer, named in every guest page's footer (Consumer Protection (E-Commerce) Rules
 * 2020, rule 4(4)): name, designation, email and phone from the settings (GET /api/site).
 */
export function GrievanceOfficer() {
  const site = useSiteInfo();
  const officer = site.data?.grievanceOfficer;
  return (
    <Stack gap={4} data-testid="grievance-officer">
      <FooterTitle>{c.title}</FooterTitle>
      {officer ? (
        <Text size="sm" c="gray.3">
          {c.intro}{' '}
          <Text span fw={600} c="white">
            {officer.name}
          </Text>
          {`, ${officer.designation}`}
          {' · '}
          <ContactLink kind="email" value={officer.email} />
          {' · '}
          <ContactLink kind="phone" value={officer.phone} />
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

/**
 * The platform as every guest page names it (Consumer Protection (E-Commerce) Rules 2020, rule 4(2)(a), (b), (d)):
 * its legal name, address and customer care, from the settings (GET /api/site; a failure is offered again by the
 * grievance officer beside it).
 */
export function PlatformContact() {
  const site = useSiteInfo();
  const platform = site.data?.platform;
  return (
    <Stack gap={4} data-testid="platform-contact">
      <FooterTitle>{p.title}</FooterTitle>
      {platform ? (
        <Text size="sm" c="gray.3">
          {p.operatedBy}{' '}
          <Text span fw={600} c="white">
            {platform.legalName}
          </Text>
          {`, ${platform.address}`}
          {' · '}
          {`${p.phone} `}
          <ContactLink kind="phone" value={platform.customerCare.phone} />
          {' · '}
          {`${p.email} `}
          <ContactLink kind="email" value={platform.customerCare.email} />
        </Text>
      ) : site.isError ? null : (
        <Skeleton height={14} width="60%" role="status" aria-label={p.loading} />
      )}
    </Stack>
  );
}
