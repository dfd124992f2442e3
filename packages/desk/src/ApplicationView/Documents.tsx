import { ScrollingTable } from '../ScrollingTable';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { Link, visuallyHidden } from '@pre-admission/ui';
import { nameOf, type DeskLists } from '../lists';
import type { ApplicationDocument, StaffApplication } from '../model';
import { formatTime } from '../status';
import * as styles from '../Desk.css';

/** Where a document's file and its preview are read (the staff API's document routes, through the app). */
export interface DocumentLinks {
  /** The file as sent (`getStaffApplicationDocument`, an attachment). */
  documentHref: (documentId: string) => string;
  /** An image's re-encoded preview (`getStaffApplicationDocumentPreview`); a PDF has none. */
  previewHref: (documentId: string) => string;
  /** Every document in one zip (`getStaffApplicationDocumentsArchive`, a download). None: not offered. */
  archiveHref?: string;
}

/** The file's type by its bytes (openapi.yaml `ApplicationDocument.mediaType`), as people name it. */
const formats: Readonly<Record<ApplicationDocument['mediaType'], string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
};

/** A size as people read it, as the applicant's documents section writes it (packages/planner formatSize). */
const size = (intl: IntlShape, bytes: number) => {
  const megabytes = bytes / (1024 * 1024);
  return megabytes < 1
    ? intl.formatNumber(Math.max(1, Math.ceil(bytes / 1024)), { style: 'unit', unit: 'kilobyte' })
    : intl.formatNumber(megabytes, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
};

/** A file's format and size ("PDF, 278 kB"): a document's, a consent request's research plan's. */
export const fileDetails = (intl: IntlShape, mediaType: string, bytes: number) =>
  intl.formatMessage(
    { id: 'desk.document.fileDetails' },
    {
      format: mediaType in formats ? formats[mediaType as keyof typeof formats] : mediaType,
      size: size(intl, bytes),
    },
  );

/**
 * The application's documents: what each is, its name as sent, its format and size, when it came, and links to
 * preview an image and download the file. A document the desk asked to replace says so.
 */
export function Documents({
  application,
  lists,
  documentHref,
  previewHref,
  archiveHref,
}: { application: StaffApplication; lists: DeskLists } & DocumentLinks) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  if (application.documents.length === 0)
    return <p className={styles.text}>{intl.formatMessage({ id: 'desk.document.none' })}</p>;
  const reopened = new Set(
    application.status === 'returned' ? (application.reopened?.documentIds ?? []) : [],
  );
  return (
    <>
      {archiveHref && (
        <p className={styles.text}>
          <Link
            href={archiveHref}
            className={styles.link}
            download
            aria-describedby="desk-documents-archive-hint"
          >
            {t('desk.export.documents')}
          </Link>
          <br />
          <span id="desk-documents-archive-hint" className={styles.muted}>
            {t('desk.export.documentsHint')}
          </span>
        </p>
      )}
      <ScrollingTable caption={intl.formatMessage({ id: 'desk.section.documents' })}>
        <thead>
          <tr>
            {(
              [
                'desk.document.type',
                'desk.document.file',
                'desk.document.details',
                'desk.document.uploaded',
                'desk.document.links',
              ] as const
            ).map((id) => (
              <th key={id} scope="col" className={styles.headCell}>
                {t(id)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {application.documents.map((document) => {
            const of = (action: string) =>
              intl.formatMessage({ id: 'desk.document.of' }, { action, file: document.fileName });
            return (
              <tr key={document.id}>
                <td className={styles.cell}>
                  {nameOf(intl, lists.documentTypes[document.slotKind], document.slotTypeId)}
                  {reopened.has(document.id) && (
                    <>
                      <br />
                      <span className={styles.status.action}>{t('desk.document.reopened')}</span>
                    </>
                  )}
                </td>
                <td className={styles.cell} style={{ overflowWrap: 'anywhere' }}>
                  {document.fileName}
                </td>
                <td className={styles.cell}>{fileDetails(intl, document.mediaType, document.size)}</td>
                <td className={styles.cell}>{formatTime(intl, document.uploadedAt)}</td>
                <td className={styles.cell}>
                  <span className={styles.actions}>
                    {document.hasPreview && (
                      <Link href={previewHref(document.id)} className={styles.link} external>
                        <span aria-hidden="true">{t('desk.document.preview')}</span>
                        <span className={visuallyHidden}>{of(t('desk.document.preview'))}</span>
                      </Link>
                    )}
                    <Link href={documentHref(document.id)} className={styles.link}>
                      <span aria-hidden="true">{t('desk.document.download')}</span>
                      <span className={visuallyHidden}>{of(t('desk.document.download'))}</span>
                    </Link>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </ScrollingTable>
    </>
  );
}
