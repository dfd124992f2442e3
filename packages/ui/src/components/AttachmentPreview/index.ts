export { AttachmentPreview, type Attachment, type AttachmentPreviewProps } from './AttachmentPreview';
export { isPreviewable, previewableTypes } from './previewable';
