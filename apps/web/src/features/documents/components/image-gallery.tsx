import { Image, SimpleGrid, UnstyledButton } from '@mantine/core';
import type { DocumentView } from '@rope/domain/documents/views';
import type { LanguageId } from '@rope/domain/languages';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeptPhoto } from '../../../lib/kept-photos';
import { documentFileUrl, previewKind } from '../document-logic';

/** The images among the documents as thumbnails (small upright copies the server makes); a click opens the viewer. */
export function ImageGallery({
  documents,
  language,
  onOpen,
}: {
  documents: readonly DocumentView[];
  language: LanguageId;
  onOpen: (document: DocumentView) => void;
}) {
  const { t } = useTranslation();
  const images = documents.filter((document) => previewKind(document) === 'image');
  if (images.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="document-gallery">
      {images.map((document) => (
        <UnstyledButton
          key={document.id}
          onClick={() => onOpen(document)}
          aria-label={t('documents.actions.open', { name: document.name })}
        >
          <GalleryImage src={document.thumbnailUrl ?? documentFileUrl(document, language)} documentId={document.id} />
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/**
 * A thumbnail from the server, or without a signal the copy the device kept for the field (lib/kept-photos.ts): at
 * once when the page starts offline, else when the server's fails to load. The copy is looked up again when the
 * device's store opens later than the image failed.
 */
function GalleryImage({ src, documentId }: { src: string; documentId: number }) {
  const keptPhoto = useKeptPhoto();
  const [unreachable, setUnreachable] = useState(() => !onlineManager.isOnline());
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    if (!unreachable) return;
    let current = true;
    let url: string | null = null;
    void keptPhoto(documentId).then((blob) => {
      if (!current || !blob) return;
      url = URL.createObjectURL(blob);
      setKept(url);
    });
    return () => {
      current = false;
      if (!url) return;
      // Never left pointing at a copy let go: the next lookup shows its own, or the server's again meanwhile.
      const gone = url;
      setKept((shown) => (shown === gone ? null : shown));
      URL.revokeObjectURL(gone);
    };
  }, [unreachable, keptPhoto, documentId]);
  return (
    <Image
      src={kept ?? src}
      onError={() => setUnreachable(true)}
      alt=""
      h={96}
      fit="cover"
      radius="sm"
      loading="lazy"
      data-kept={kept ? 'true' : undefined}
    />
  );
}
