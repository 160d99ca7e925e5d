import { Container, Title } from '@mantine/core';

export default function AddStayScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Add stay</Title>
    </Container>
  );
}
