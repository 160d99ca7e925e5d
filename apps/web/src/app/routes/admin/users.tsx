import { Container, Title } from '@mantine/core';

export default function UsersScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Users</Title>
    </Container>
  );
}
