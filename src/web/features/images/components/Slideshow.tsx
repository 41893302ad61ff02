import { useEffect } from 'react';
import { ActionIcon, Box, Button, Group, Image, Modal, Text } from '@mantine/core';
import type { Image as ItemImage } from '../../../../common/schemas/image.ts';

/**
 * Full-screen slideshow: previous and next wrap around, a counter "n of m", a close
 * button, and for editors Delete for the current image. Arrow keys move too.
 */
export function Slideshow(props: {
  images: ItemImage[];
  index: number | null;
  onIndex: (index: number | null) => void;
  onDelete?: (image: ItemImage) => void;
  /** While a question about it is open, Escape belongs to that question. */
  busy: boolean;
}) {
  const { images, index, onIndex, busy } = props;
  const count = images.length;
  const current = index === null ? undefined : images[index];
  const step = (delta: number) => {
    if (index === null || count === 0) return;
    onIndex((index + delta + count) % count);
  };

  useEffect(() => {
    if (index === null || busy) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndex(((index - 1 + count) % count) as number);
      if (event.key === 'ArrowRight') onIndex((index + 1) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, count, busy, onIndex]);

  return (
    <Modal
      opened={current !== undefined}
      onClose={() => onIndex(null)}
      fullScreen
      title="Images"
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': 'Close slideshow' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', height: 'calc(100% - 60px)' } }}
    >
      {current && index !== null && (
        <>
          <Box style={{ flex: 1, minHeight: 0, display: 'flex', justifyContent: 'center' }}>
            <Image
              src={current.src}
              alt={`Image ${index + 1} of ${count}`}
              fit="contain"
              h="100%"
              w="100%"
            />
          </Box>
          <Group justify="space-between" mt="md" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="xl"
              aria-label="Previous image"
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">‹</span>
            </ActionIcon>
            <Text fw={600} aria-live="polite" data-testid="slideshow-counter">
              {index + 1} of {count}
            </Text>
            <Group gap="xs" wrap="nowrap">
              {props.onDelete && (
                <Button variant="outline" color="red.9" onClick={() => props.onDelete!(current)}>
                  Delete
                </Button>
              )}
              <ActionIcon
                variant="default"
                size="xl"
                aria-label="Next image"
                onClick={() => step(1)}
              >
                <span aria-hidden="true">›</span>
              </ActionIcon>
            </Group>
          </Group>
        </>
      )}
    </Modal>
  );
}
