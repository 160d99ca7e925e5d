import { Container, Title } from '@mantine/core';

export default function AdminProfileScreen() {
  return (
    <Container py="xl">
      <Title order={1}>My Profile</Title>
    </Container>
  );
}
