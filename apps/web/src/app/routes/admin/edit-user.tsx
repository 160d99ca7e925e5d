import { Container, Title } from '@mantine/core';

export default function EditUserScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Edit user</Title>
    </Container>
  );
}
