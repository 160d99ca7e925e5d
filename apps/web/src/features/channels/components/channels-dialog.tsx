import { formatDateTime } from '@repo/shared/domain/grievances';
import { AddFeedInput, CHANNEL_LIMITS, type FeedDto, type RotateInput } from '@repo/shared/schemas/channels';
import { Alert, Button, Card, CopyButton, Group, Loader, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { useAddFeed, useRemoveFeed, useRoomChannels, useRotateExport, useSyncFeed } from '../api/channels';
import { CHANNELS_COPY } from '../copy';

const c = CHANNELS_COPY;

export type ChannelsDialogProps = {
  room: { roomNumberId: string; number: number } | null;
  onClose: () => void;
};

/**
 * A room's calendars with other sites: its private export addresses (copy, make a new one) and the calendars it
 * imports, each with its sync in words; a calendar is added by its address and the site's name.
 */
export function ChannelsDialog({ room, onClose }: ChannelsDialogProps) {
  return (
    <Modal
      opened={room !== null}
      onClose={onClose}
      title={room ? c.title(room.number) : ''}
      size="lg"
      fullScreen={false}
      closeButtonProps={{ 'aria-label': c.close }}
    >
      {room && <ChannelsBody roomNumberId={room.roomNumberId} />}
    </Modal>
  );
}

function ChannelsBody({ roomNumberId }: { roomNumberId: string }) {
  const channels = useRoomChannels(roomNumberId);
  const rotate = useRotateExport(roomNumberId);
  if (channels.isPending)
    return (
      <Group justify="center" py="lg" role="status" aria-label={c.loading}>
        <Loader size="sm" />
      </Group>
    );
  if (channels.isError)
    return (
      <LoadErrorAlert
        title={c.loadError}
        message={channels.error.message}
        action={{ label: c.retry, onClick: () => channels.refetch() }}
      />
    );
  const data = channels.data;
  const onRotate = (target: RotateInput['target']) =>
    rotate.mutate(
      { target },
      { onSuccess: () => toast.success(c.export.rotated, 'admin'), onError: (e) => toast.fromError(e, 'admin') },
    );
  return (
    <Stack gap="lg">
      <section aria-labelledby={`${roomNumberId}-export`}>
        <Title order={3} fz="md" id={`${roomNumberId}-export`}>
          {c.export.heading}
        </Title>
        <Text size="sm" c="gray.7" mt={4} mb="sm">
          {c.export.intro}
        </Text>
        <Stack gap="sm">
          <ExportField
            label={c.export.room}
            hint={c.export.roomHint}
            url={data.roomExport.url}
            busy={rotate.isPending}
            onRotate={() => onRotate('room')}
          />
          <ExportField
            label={c.export.type}
            hint={c.export.typeHint}
            url={data.typeExport.url}
            busy={rotate.isPending}
            onRotate={() => onRotate('type')}
          />
        </Stack>
      </section>
      <section aria-labelledby={`${roomNumberId}-feeds`}>
        <Title order={3} fz="md" id={`${roomNumberId}-feeds`}>
          {c.feeds.heading}
        </Title>
        <Text size="sm" c="gray.7" mt={4} mb="sm">
          {c.feeds.intro}
        </Text>
        <Stack gap="sm">
          {data.feeds.length === 0 ? (
            <Text size="sm" c="dimmed">
              {c.feeds.empty}
            </Text>
          ) : (
            <ul aria-label={c.feeds.heading} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
              {data.feeds.map((f) => (
                <li key={f.id}>
                  <FeedCard feed={f} />
                </li>
              ))}
            </ul>
          )}
          <AddFeedForm roomNumberId={roomNumberId} />
        </Stack>
      </section>
    </Stack>
  );
}

type ExportFieldProps = { label: string; hint: string; url: string; busy: boolean; onRotate: () => void };

function ExportField({ label, hint, url, busy, onRotate }: ExportFieldProps) {
  return (
    <div>
      <TextInput label={label} description={hint} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
      <Group gap="xs" mt={6}>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              color={copied ? 'teal' : 'brand'}
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              aria-label={`${c.export.copy}: ${label}`}
            >
              {copied ? c.export.copied : c.export.copy}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          loading={busy}
          onClick={onRotate}
          leftSection={<IconRefresh size={14} aria-hidden />}
          title={c.export.rotateHint}
          aria-label={`${c.export.rotate}: ${label}. ${c.export.rotateHint}`}
        >
          {c.export.rotate}
        </Button>
      </Group>
    </div>
  );
}

function FeedCard({ feed }: { feed: FeedDto }) {
  const sync = useSyncFeed();
  const remove = useRemoveFeed();
  const failing = feed.lastError !== null;
  const status = failing ? c.feeds.statusFailed : feed.lastSuccessAt ? c.feeds.statusOk : c.feeds.statusNew;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{feed.label}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {feed.url}
          </Text>
        </div>
        <Text
          size="xs"
          fw={700}
          px={8}
          py={2}
          c={failing ? 'red.9' : feed.lastSuccessAt ? 'teal.9' : 'gray.8'}
          bg={failing ? 'red.0' : feed.lastSuccessAt ? 'teal.0' : 'gray.1'}
          style={{ flexShrink: 0, borderRadius: 999 }}
        >
          {status}
        </Text>
      </Group>
      <Text size="sm" mt={6}>
        {feed.lastSuccessAt ? c.feeds.lastRead(formatDateTime(feed.lastSuccessAt)) : c.feeds.never}
        {' · '}
        {c.feeds.counts(feed.eventsRead, feed.nightsBlocked)}
      </Text>
      {failing && (
        <Text size="sm" c="red.8" mt={4} role="status">
          {c.feeds.failed(feed.lastError ?? '')}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          variant="light"
          loading={sync.isPending}
          onClick={() => sync.mutate(feed.id, { onError: (e) => toast.fromError(e, 'admin') })}
          aria-label={c.feeds.syncLabel(feed.label)}
          leftSection={<IconRefresh size={14} aria-hidden />}
        >
          {c.feeds.syncNow}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(feed.id, {
              onSuccess: (res) => toast.success(res.message, 'admin'),
              onError: (e) => toast.fromError(e, 'admin'),
            })
          }
          aria-label={c.feeds.removeLabel(feed.label)}
          leftSection={<IconTrash size={14} aria-hidden />}
        >
          {c.feeds.remove}
        </Button>
      </Group>
    </Card>
  );
}

type FieldErrors = { url?: string; label?: string };

function AddFeedForm({ roomNumberId }: { roomNumberId: string }) {
  const add = useAddFeed(roomNumberId);
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = AddFeedInput.safeParse({ url, label });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'url' || field === 'label') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (res) => {
        toast.success(res.feed.lastError ? c.feeds.failed(res.feed.lastError) : c.feeds.added, 'admin');
        setLabel('');
        setUrl('');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fieldErrors) setErrors({ url: err.fieldErrors.url, label: err.fieldErrors.label });
        else setFailure(err.message);
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <Card withBorder padding="sm" bg="gray.0">
        <Text fw={600} size="sm" id={`${id}-title`} mb="xs">
          {c.feeds.add}
        </Text>
        {failure && (
          <Alert color="red" role="alert" mb="xs">
            {failure}
          </Alert>
        )}
        <Stack gap="xs">
          <TextInput
            label={c.feeds.label}
            placeholder={c.feeds.labelPlaceholder}
            value={label}
            maxLength={CHANNEL_LIMITS.labelMax}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={errors.label}
          />
          <TextInput
            label={c.feeds.url}
            placeholder={c.feeds.urlPlaceholder}
            value={url}
            type="url"
            inputMode="url"
            maxLength={CHANNEL_LIMITS.urlMax}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={errors.url}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {c.feeds.add}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
