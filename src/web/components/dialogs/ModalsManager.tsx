import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';

/** Mantine's modals manager, loaded by DialogHost on the first dialog. */
export default function ModalsManager({ onListening }: { onListening: () => void }) {
  // Effects run children first: by now ModalsProvider listens for modals.open().
  useEffect(onListening, [onListening]);
  return <ModalsProvider>{null}</ModalsProvider>;
}
