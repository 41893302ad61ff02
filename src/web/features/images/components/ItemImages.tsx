import { lazy, Suspense, useState } from 'react';
import { FileButton, Image, SimpleGrid, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Image as ItemImage } from '../../../../common/schemas/image.ts';
import {
  confirm,
  guarded,
  IMAGE_ACCEPT,
  uploadImageFlow,
} from '../../../components/dialogs/index.ts';
import { EntitySection, PlusButton } from '../../../components/EntitySection.tsx';
import { QueryList } from '../../../components/lists/QueryList.tsx';
import { imageQueries, useAddImage, useDeleteImage } from '../api.ts';

// The full-screen slideshow (a modal) loads when an image is first opened, not with every
// item page (docs/decisions.md, "Fast on a phone").
const Slideshow = lazy(() => import('./Slideshow.tsx').then((m) => ({ default: m.Slideshow })));

/**
 * The item's images: "No Images" or thumbnails that open the slideshow. Editors get a
 * plus button to upload and Delete in the slideshow.
 */
export function ItemImages({ itemId, canEdit }: { itemId: string; canEdit: boolean }) {
  const images = useQuery(imageQueries.forItem(itemId));
  const addImage = useAddImage();
  const deleteImage = useDeleteImage();
  const [index, setIndex] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // Mounted from the first opening on, so that closing it still animates.
  const [slideshowWanted, setSlideshowWanted] = useState(false);
  if (index !== null && !slideshowWanted) setSlideshowWanted(true);
  const list = images.data ?? [];

  const upload = (file: File | null) => {
    if (!file) return;
    void uploadImageFlow(file, {
      upload: (f) => addImage.mutateAsync({ itemId, file: f }),
    });
  };

  const remove = async (image: ItemImage) => {
    setBusy(true);
    try {
      const yes = await confirm({
        warning: 'Deleting this image means no one can see it here anymore.',
        yesLabel: 'Delete',
      });
      if (!yes) return;
      const done = await guarded(() => deleteImage.mutateAsync({ itemId, id: image.id }));
      if (done === undefined) return;
      const left = list.length - 1;
      // Stay on the image that took its place, or close when none is left.
      setIndex(left === 0 ? null : Math.min(index ?? 0, left - 1));
    } finally {
      // After the current key event: the Escape that dismissed the question must not
      // also reach the slideshow, whose listener runs later and reads the latest state.
      setTimeout(() => setBusy(false), 0);
    }
  };

  return (
    <EntitySection
      id="images-heading"
      title="Images"
      aside={
        canEdit && (
          <FileButton onChange={upload} accept={IMAGE_ACCEPT}>
            {(props) => <PlusButton {...props} label="Add an image" />}
          </FileButton>
        )
      }
    >
      <QueryList query={images} loadingLabel="Loading images" empty="No Images" compact>
        {() => (
          <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs">
            {list.map((image, i) => (
              <UnstyledButton
                key={image.id}
                onClick={() => setIndex(i)}
                aria-label={`Open image ${i + 1} of ${list.length}`}
              >
                <Image
                  src={image.thumbnail_src ?? image.src}
                  alt=""
                  radius="sm"
                  h={96}
                  fit="cover"
                  loading="lazy"
                />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </QueryList>
      {slideshowWanted && (
        <Suspense fallback={null}>
          <Slideshow
            images={list}
            index={index}
            onIndex={setIndex}
            onDelete={canEdit ? (image) => void remove(image) : undefined}
            busy={busy}
          />
        </Suspense>
      )}
    </EntitySection>
  );
}
