import MessageCircle from 'lucide-react/icons/message-circle';
import { observer } from 'mobx-react-lite';
import type { ChatProps } from '../../../models/builder';
import { useStores } from '../../../stores/StoresContext';
import { useBlockContext, useBlockText } from './context';

/** An invitation to the live chat room: its button opens the chat panel (not in the builder's preview). */
export const ChatBlock = observer(function ChatBlock({ props }: { props: ChatProps }) {
  const { ui } = useStores();
  const { preview } = useBlockContext();
  const text = useBlockText();
  const title = text(props.title);
  const body = text(props.text);
  return (
    <section data-testid="block-chat" className="flex flex-col items-start gap-4 rounded-3xl bg-brand-600 px-6 py-8 text-white sm:flex-row sm:items-center sm:px-8">
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-white/15">
        <MessageCircle className="size-6" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        {title && <h2 className="text-lg font-semibold">{title}</h2>}
        {body && <p className="mt-1 text-sm text-white/85">{body}</p>}
      </div>
      <button
        type="button"
        onClick={() => !preview && ui.open('chat')}
        className="shrink-0 rounded-full bg-white px-5 py-2 text-sm font-semibold text-brand-700 shadow-sm transition hover:bg-brand-50"
      >
        {text(props.button)}
      </button>
    </section>
  );
});
