import { useState } from 'react';

export type CopyResult = 'copied' | 'failed' | null;

/**
 * Copies a text to the clipboard and remembers how that went, for a status line beside the button
 * (a browser may refuse: the person then selects and copies it by hand, as the line says).
 */
export function useClipboardCopy(): { result: CopyResult; copy: (text: string) => Promise<void> } {
  const [result, setResult] = useState<CopyResult>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };
  return { result, copy };
}
