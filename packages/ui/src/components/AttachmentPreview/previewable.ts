/** docs/behaviour.md#constants: only JPEG, PNG and GIF images are previewed; anything else is downloaded. */
export const previewableTypes = ['image/jpeg', 'image/png', 'image/gif'] as const;

export function isPreviewable(contentType: string): boolean {
  // Content types are case-insensitive and may carry parameters ("image/png; charset=binary").
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (previewableTypes as readonly string[]).includes(type) || type === 'image/jpg';
}
