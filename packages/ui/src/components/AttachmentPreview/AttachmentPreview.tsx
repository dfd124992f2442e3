import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { Link } from '../Link';
import { isPreviewable } from './previewable';
import * as styles from './AttachmentPreview.css';

export interface Attachment {
  id: string | number;
  name: string;
  url: string;
  contentType: string;
}

export interface AttachmentPreviewProps {
  attachment: Attachment;
}

/**
 * An attachment (docs/behaviour.md#data): JPEG, PNG and GIF open in a preview dialog with the file name as the image's
 * alternative text; any other type is offered as a download.
 */
export function AttachmentPreview({ attachment }: AttachmentPreviewProps) {
  const intl = useIntl();
  const [isOpen, setOpen] = useState(false);
  const { name, url, contentType } = attachment;

  if (!isPreviewable(contentType))
    return (
      <Link href={url} download={name}>
        {intl.formatMessage({ id: 'ui.attachment.download' }, { name })}
      </Link>
    );

  return (
    <>
      <Button variant="quiet" onPress={() => setOpen(true)}>
        {intl.formatMessage({ id: 'ui.attachment.preview' }, { name })}
      </Button>
      <Dialog
        title={intl.formatMessage({ id: 'ui.attachment.previewTitle' }, { name })}
        isOpen={isOpen}
        onOpenChange={setOpen}
      >
        <img className={styles.image} src={url} alt={name} />
      </Dialog>
    </>
  );
}
