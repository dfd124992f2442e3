import { useId, type ReactNode } from 'react';
import { visuallyHidden } from '@pre-admission/ui';
import { acceptedFiles } from './limits';
import * as styles from './DocumentsSection.css';

export interface FilePickerProps {
  /** The input's id (the error summary links to it). */
  id?: string;
  /** The label: visible words, with the rest for screen readers (the slot's or the file's name). */
  label: ReactNode;
  /** One file (a replacement) or several. */
  multiple: boolean;
  /** The limits, said before a file is chosen. */
  describedBy: string;
  quiet?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * docs/behaviour.md#documents: a real file input (the keyboard reaches it, Enter or Space opens the
 * browser's picker, a screen reader names it a button with the label's words), visually hidden behind its
 * label, which looks like a button and shows the input's focus ring. Dropping files is the slot's extra.
 */
export function FilePicker({ id, label, multiple, describedBy, quiet = false, onFiles }: FilePickerProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <>
      <input
        type="file"
        id={inputId}
        className={`${styles.pickerInput} ${visuallyHidden}`}
        multiple={multiple}
        accept={acceptedFiles}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // The same file chosen again (after a refusal) must fire a change again.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label htmlFor={inputId} className={quiet ? styles.quietPicker : styles.picker}>
        {label}
      </label>
    </>
  );
}
