import type { AudioProps } from '../../../models/builder';
import { AudioTrackList } from '../../Audio/AudioTrackList';
import { useBlockContext, useBlockText } from './context';

/** An audio playlist: its tracks, each to play or add to the floating player (inert in the builder's preview). */
export function AudioBlock({ props }: { props: AudioProps }) {
  const { preview } = useBlockContext();
  const text = useBlockText();
  return (
    <section data-testid="block-audio" inert={preview}>
      <AudioTrackList title={text(props.title)} items={Array.isArray(props.items) ? props.items : []} />
    </section>
  );
}
