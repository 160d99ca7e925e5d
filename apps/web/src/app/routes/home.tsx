import { Container, Title } from '@mantine/core';

export default function HomeScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Find your stay</Title>
    </Container>
  );
}
