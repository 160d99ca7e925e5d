import { Container, Title } from '@mantine/core';

export default function MyProfileScreen() {
  return (
    <Container py="xl">
      <Title order={1}>My Profile</Title>
    </Container>
  );
}
