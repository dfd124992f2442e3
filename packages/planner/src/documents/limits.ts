/**
 * docs/behaviour.md#documents: what the server accepts (openapi.yaml `uploadApplicationDocument`,
 * `ApplicationDocument.size`, `ApplicationConflict` `too_many_files`). The section states them before a file
 * is chosen, and checks what it can know without sending the file (its size, the files already there).
 */
export const documentLimits = {
  /** 10 MB a file (the contract's `maximum: 10485760`). */
  fileBytes: 10 * 1024 * 1024,
  /** 100 MB for all the application's files. */
  applicationBytes: 100 * 1024 * 1024,
  /** 50 files an application. */
  files: 50,
} as const;

/**
 * The file picker's `accept`: the types by extension and by media type. The server decides by the bytes
 * whatever the picker lets through; on an iPhone, asking for JPEG makes the picker convert a HEIC photo.
 */
export const acceptedFiles = '.pdf,.jpg,.jpeg,.png,.gif,application/pdf,image/jpeg,image/png,image/gif';
