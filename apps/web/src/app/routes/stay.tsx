import { Container, Title } from '@mantine/core';

export default function StayScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Stay</Title>
    </Container>
  );
}
