import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { WhenInView } from '@/components/ui/when-in-view';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { accountsCopy } from '@/features/accounts/copy';
import { useMe } from '@/features/auth/api/get-me';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { CheckoutSlot } from '@/features/bookings/components/checkout-slot';
import { GrievanceOfficer, PlatformContact } from '@/features/grievances/components/grievance-officer';
import { useTokenUser } from '@/lib/auth';
import { Brand } from './brand';
import { HeaderBar, LayoutFrame } from './frame';
import classes from './layouts.module.css';

// The subscribe form (and its form and validation libraries) loads when the footer comes into view.
const SubscribeForm = lazy(() =>
  import('@/features/accounts/components/subscribe-form').then((m) => ({ default: m.SubscribeForm })),
);
/** The checkouts the app hosts in a gateway's place: the offline sandbox's, loaded when one of its orders is paid. */
const HOSTED_CHECKOUTS = {
  sandbox: lazy(() => import('@/features/sandbox-checkout').then((m) => ({ default: m.SandboxCheckout }))),
};
/** The subscribe form's height before it loads: one size-md input (Mantine's --input-height-md). */
const SUBSCRIBE_FORM_HEIGHT = 'calc(2.625rem * var(--mantine-scale))';

/** The frame of every guest page: header (brand, account actions), the page, footer (subscribe form, links, contacts). */
export function GuestLayout() {
  return (
    <LayoutFrame header={<GuestHeader />} footer={<GuestFooter />}>
      <CheckoutSlot hosted={HOSTED_CHECKOUTS} />
    </LayoutFrame>
  );
}

/**
 * The place of a screen whose code is still loading at start: empty, and while it is there the footer stays hidden
 * (it appears with the screen instead of showing under the header and then jumping down).
 */
export function ScreenPending() {
  return <div className={classes.screenPending} />;
}

/** Visitors see Sign Up and Login; a signed-in guest sees Logout and the account menu. */
export function GuestHeader() {
  const claims = useTokenUser('guest');
  // On start with a token, load the current user: it proves the session and gives the greeting's name.
  const me = useMe();
  return (
    <HeaderBar className={classes.header}>
      <Brand to={paths.home.getHref()} label={common.brand} />
      <Group component="nav" aria-label={common.nav.mainNav} gap="xs" wrap="nowrap">
        {claims ? (
          <>
            <LogoutButton area="guest" size="sm" />
            <AccountMenu userId={claims.id} name={me.data ? `${me.data.firstName} ${me.data.lastName}` : undefined} />
          </>
        ) : (
          <>
            <LinkButton to={paths.register.getHref()} variant="default" size="sm">
              {common.nav.signUp}
            </LinkButton>
            <LinkButton to={paths.login.getHref()} size="sm">
              {common.nav.login}
            </LinkButton>
          </>
        )}
      </Group>
    </HeaderBar>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8}>
      <Text component="h2" fw={700} size="sm" tt="uppercase" lts={0.5} c="white">
        {title}
      </Text>
      <Stack gap={6} component="ul" className={classes.footerList}>
        {children}
      </Stack>
    </Stack>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Anchor component={Link} to={to} size="sm" underline="hover" className={classes.footerLink}>
        {children}
      </Anchor>
    </li>
  );
}

/**
 * Subscribe form with the tagline, then tidy link columns (the privacy notice among them), the platform with its
 * customer care and the grievance officer, and the copyright line.
 */
export function GuestFooter() {
  const claims = useTokenUser('guest');
  const copy = accountsCopy.subscribe;
  return (
    <Box component="footer" className={classes.footer}>
      <Box className={classes.subscribe}>
        <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: 'xl', sm: 40 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
            <Stack gap={6}>
              <Title order={2} fz={{ base: 22, sm: 26 }} c="white">
                {copy.heading}
              </Title>
              <Text c="brand.0">{copy.tagline}</Text>
            </Stack>
            <Box className={classes.subscribeForm}>
              <WhenInView minHeight={SUBSCRIBE_FORM_HEIGHT}>
                <SubscribeForm />
              </WhenInView>
            </Box>
          </SimpleGrid>
        </Container>
      </Box>
      <Container size="lg" px={{ base: 'sm', xs: 'md' }} py="xl">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" verticalSpacing="xl">
          <Stack gap={8} className={classes.footerBrand}>
            <Brand to={paths.home.getHref()} label={common.brand} tone="light" />
            <Text size="sm" c="gray.4">
              {common.tagline}
            </Text>
          </Stack>
          <FooterColumn title={common.footer.explore}>
            <FooterLink to={paths.home.getHref()}>{common.nav.home}</FooterLink>
            <FooterLink to={paths.forgotPassword.getHref()}>{common.footer.forgotPassword}</FooterLink>
            <FooterLink to={paths.privacy.getHref()}>{common.nav.privacy}</FooterLink>
          </FooterColumn>
          <FooterColumn title={common.footer.account}>
            {claims ? (
              <>
                <FooterLink to={paths.myProfile.getHref()}>{common.nav.myProfile}</FooterLink>
                <FooterLink to={paths.orders.getHref(claims.id)}>{common.nav.myOrders}</FooterLink>
                <FooterLink to={paths.saved.getHref()}>{common.nav.saved}</FooterLink>
                <FooterLink to={paths.complaints.getHref()}>{common.nav.myComplaints}</FooterLink>
              </>
            ) : (
              <>
                <FooterLink to={paths.login.getHref()}>{common.nav.login}</FooterLink>
                <FooterLink to={paths.register.getHref()}>{common.nav.signUp}</FooterLink>
              </>
            )}
          </FooterColumn>
          <FooterColumn title={common.footer.partners}>
            <FooterLink to={paths.admin.login.getHref()}>{common.footer.adminLogin}</FooterLink>
            <FooterLink to={paths.admin.register.getHref()}>{common.footer.adminSignUp}</FooterLink>
          </FooterColumn>
        </SimpleGrid>
        <Divider my="lg" color="dark.4" />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
          <PlatformContact />
          <GrievanceOfficer />
        </SimpleGrid>
        <Divider my="lg" color="dark.4" />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="gray.4">
            {common.footer.rights(new Date().getFullYear())}
          </Text>
          <Text size="xs" c="gray.4">
            {common.footer.madeFor}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
