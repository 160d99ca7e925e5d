import { Anchor, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LinkAnchor } from '@/components/ui/link-button';
import { PageContainer } from '@/components/ui/page-container';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { accountsCopy } from '@/features/accounts/copy';
import { useSiteInfo } from '@/features/grievances/api/site-info';

const c = accountsCopy.privacyNotice;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack component="section" aria-labelledby={id} gap="xs">
      <Title order={2} fz={20} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The privacy notice (/privacy), open to everyone and linked from sign-up and every page's footer: who keeps the
 * data, what is collected and why, how long it is kept, and how to have a copy, correct it or erase it (ADR 051).
 * The platform and its grievance officer come from the settings (GET /api/site).
 */
export default function PrivacyScreen() {
  useDocumentTitle(`${c.title} | ${common.brand}`);
  const site = useSiteInfo();
  const profile = paths.myProfile.getHref();
  return (
    <PageContainer title={c.title} description={c.description} size="md">
      <Stack gap="xl">
        <Section id="privacy-who" title={c.who.title}>
          {site.data ? (
            <Text>{c.who.text(site.data.platform.legalName, site.data.platform.address)}</Text>
          ) : (
            <Skeleton height={16} role="status" aria-label={c.loading} />
          )}
        </Section>
        <Section id="privacy-collected" title={c.collected.title}>
          <List spacing="xs">
            {c.collected.items.map((item) => (
              <List.Item key={item.what}>
                <Text span fw={600}>
                  {item.what}
                </Text>{' '}
                {item.why}
              </List.Item>
            ))}
          </List>
          <Text>{c.collected.stay}</Text>
        </Section>
        <Section id="privacy-kept" title={c.kept.title}>
          <List spacing="xs">
            {c.kept.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Section>
        <Section id="privacy-rights" title={c.rights.title}>
          <List spacing="xs">
            <List.Item>
              {c.rights.copy} <LinkAnchor to={profile}>{c.rights.copyAction}</LinkAnchor>
            </List.Item>
            <List.Item>
              {c.rights.correct} <LinkAnchor to={profile}>{c.rights.correctAction}</LinkAnchor>
            </List.Item>
            <List.Item>
              {c.rights.erase} <LinkAnchor to={profile}>{c.rights.eraseAction}</LinkAnchor>
            </List.Item>
          </List>
          {site.data ? (
            <Text>
              {c.rights.complain(`${site.data.grievanceOfficer.name}, ${site.data.grievanceOfficer.designation}`)}{' '}
              <Anchor href={`mailto:${site.data.grievanceOfficer.email}`}>{site.data.grievanceOfficer.email}</Anchor>
            </Text>
          ) : null}
        </Section>
      </Stack>
    </PageContainer>
  );
}
