import { Box, Burger, Container, Drawer, Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconCash,
  IconFileInvoice,
  IconId,
  IconLayoutDashboard,
  IconMessageReport,
  IconReceiptRefund,
  IconSquarePlus,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Capability } from '@repo/shared/domain/staff';
import { NavLink, useLocation } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { useAdminMe, useAdminRole } from '@/features/admin-users/api/get-admin-me';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { useToken } from '@/lib/auth';
import { Brand } from './brand';
import { HeaderBar, LayoutFrame } from './frame';
import classes from './layouts.module.css';

/**
 * Who sees a link: everyone signed in, staff whose role has `capability`, the owner only (`ownerOnly`: payouts, staff,
 * adding stays; ADR 066), or the platform only (ADR 023).
 */
type AdminLink = {
  to: string;
  label: string;
  icon: typeof IconUsers;
  platformOnly?: true;
  ownerOnly?: true;
  capability?: Capability;
};

const ADMIN_LINKS: readonly AdminLink[] = [
  { to: paths.admin.dashboard.getHref(), label: common.nav.dashboard, icon: IconLayoutDashboard },
  {
    to: paths.admin.reservations.getHref(),
    label: common.nav.reservations,
    icon: IconCalendarEvent,
    capability: 'bookings.view',
  },
  { to: paths.admin.documents.getHref(), label: common.nav.documents, icon: IconFileInvoice, ownerOnly: true },
  { to: paths.admin.formC.getHref(), label: common.nav.formC, icon: IconId, capability: 'desk.work' },
  { to: paths.admin.payouts.getHref(), label: common.nav.payouts, icon: IconCash, ownerOnly: true },
  {
    to: paths.admin.complaints.getHref(),
    label: common.nav.complaints,
    icon: IconMessageReport,
    capability: 'grievances.manage',
  },
  { to: paths.admin.staff.getHref(), label: common.nav.staff, icon: IconUsersGroup, ownerOnly: true },
  { to: paths.admin.paymentMismatches.getHref(), label: common.nav.payments, icon: IconReceiptRefund, platformOnly: true },
  { to: paths.admin.users.getHref(), label: common.nav.users, icon: IconUsers, platformOnly: true },
  { to: paths.admin.addStay.getHref(), label: common.nav.addStay, icon: IconSquarePlus, ownerOnly: true },
  { to: paths.admin.myProfile.getHref(), label: common.nav.myProfile, icon: IconUserCircle },
];

/** The frame of the admin area: the admin navbar (a burger menu on a phone), the page and a slim footer. */
export function AdminLayout() {
  return (
    <LayoutFrame
      header={<AdminHeader />}
      footer={
        <Box component="footer" className={classes.adminFooter}>
          <Container size="lg" py="md" px={{ base: 'sm', xs: 'md' }}>
            <Text size="xs" c="dimmed">
              {common.footer.rights(new Date().getFullYear())}
            </Text>
          </Container>
        </Box>
      }
    />
  );
}

/**
 * Signed out: Login and Sign Up. Signed in: Dashboard, Reservations, Documents, Form C, Payouts, Complaints, Staff, Users (the
 * platform only, ADR 023), Add Stay, My Profile and Logout; staff see only what their role allows (ADR 066).
 */
export function AdminHeader() {
  const token = useToken('admin');
  const signedIn = Boolean(token);
  const me = useAdminMe();
  const role = useAdminRole();
  // Until the admin is known, only what everyone sees: a staff member never glimpses the owner's links.
  const links = ADMIN_LINKS.filter(
    (link) =>
      (!link.platformOnly || me.data?.isPlatform) &&
      (!link.ownerOnly || role.isOwner) &&
      (!link.capability || role.may(link.capability)),
  );
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();

  return (
    <HeaderBar className={classes.adminHeader}>
      <Brand
        to={signedIn ? paths.admin.dashboard.getHref() : paths.admin.login.getHref()}
        label={common.adminBrand}
        tone="light"
      />
      {signedIn ? (
        <>
          <Group component="nav" aria-label={common.nav.adminNav} gap={4} wrap="nowrap" visibleFrom="lg">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} className={classes.adminLink}>
                {link.label}
              </NavLink>
            ))}
            <LogoutButton area="admin" size="sm" ml="sm" />
          </Group>
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="lg"
            color="white"
            aria-label={common.nav.adminMenu}
            aria-expanded={opened}
          />
          <Drawer
            opened={opened}
            onClose={close}
            position="right"
            size="xs"
            title={common.adminBrand}
            hiddenFrom="lg"
            closeButtonProps={{ 'aria-label': common.actions.close }}
          >
            <Stack component="nav" aria-label={common.nav.adminNav} gap={4}>
              {links.map((link) => (
                <MantineNavLink
                  key={link.to}
                  component={NavLink}
                  to={link.to}
                  label={link.label}
                  active={location.pathname === link.to}
                  leftSection={<link.icon size={18} aria-hidden />}
                  onClick={close}
                />
              ))}
              <LogoutButton area="admin" mt="md" fullWidth onDone={close} />
            </Stack>
          </Drawer>
        </>
      ) : (
        <Group gap="xs" wrap="nowrap" component="nav" aria-label={common.nav.adminNav}>
          <LinkButton to={paths.admin.login.getHref()} variant="white" size="compact-sm">
            {common.nav.login}
          </LinkButton>
          <LinkButton to={paths.admin.register.getHref()} size="compact-sm">
            {common.nav.signUp}
          </LinkButton>
        </Group>
      )}
    </HeaderBar>
  );
}
