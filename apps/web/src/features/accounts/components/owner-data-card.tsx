import { Button, Card, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '@/lib/notify';
import { downloadOwnerData } from '../api/owner-data';
import { accountsCopy } from '../copy';

const c = accountsCopy.ownerData;

/** The admin's My Profile "Your data as an owner" card: a copy of what is held about them as a stay owner. */
export function OwnerDataCard() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadOwnerData();
      toast.success(c.downloaded, 'admin');
    } catch (err) {
      toast.fromError(err, 'admin');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card p="lg" shadow="xs" mt="lg" component="section" aria-labelledby="owner-data-title">
      <Title order={2} fz="lg" id="owner-data-title">
        {c.title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {c.hint}
      </Text>
      <Button
        mt="md"
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={downloading}
        onClick={download}
      >
        {c.download}
      </Button>
    </Card>
  );
}
