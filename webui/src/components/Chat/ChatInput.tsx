import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MAX_LENGTH, chatLength } from '../../models/ChatMessage';
import { useStores } from '../../stores/StoresContext';
import { Composer, LengthCounter } from '../common/Composer';
import '../../stores/ChatStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The message box: the 120-character counter, Enter to send, and the send throttle (SPEC §5). */
export const ChatInput = observer(function ChatInput() {
  const { chat } = useStores();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [cooling, setCooling] = useState(false);
  const length = chatLength(text);
  const tooLong = length > CHAT_MAX_LENGTH;
  const blank = text.trim() === '';

  const lastSentAt = chat.lastSentAt;
  useEffect(() => {
    const wait = chat.throttleRemaining();
    if (wait <= 0) return;
    setCooling(true);
    const timer = setTimeout(() => setCooling(false), wait);
    return () => clearTimeout(timer);
  }, [chat, lastSentAt]);

  const submit = () => {
    if (chat.send(text)) setText('');
  };

  return (
    <Composer
      text={text}
      onTextChange={setText}
      onSubmit={submit}
      placeholder={t('chat.placeholder')}
      sendLabel={t('chat.send')}
      tooLong={tooLong}
      blocked={blank || tooLong || cooling}
      enterSends
      counter={<LengthCounter length={length} max={CHAT_MAX_LENGTH} label={t('chat.counter', { count: length, max: CHAT_MAX_LENGTH })} testId="chat-counter" />}
    />
  );
});
