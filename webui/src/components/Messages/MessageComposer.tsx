import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH, messageLength, messageRows } from '../../models/PrivateMessage';
import { useStores } from '../../stores/StoresContext';
import { Composer, LengthCounter } from '../common/Composer';

/** The counter shows from this share of the maximum on. */
const COUNTER_FROM = 0.9;

/**
 * The message box of a conversation: 3 to 6 rows as the text grows (SPEC §5), Enter sends on a
 * keyboard (Shift+Enter breaks the line; on phones Enter breaks it), and send is disabled while
 * sending. The text is kept when the send fails.
 */
export const MessageComposer = observer(function MessageComposer() {
  const { messages, ui } = useStores();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const length = messageLength(text.trim());
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const blank = text.trim() === '';

  const submit = async () => {
    if (blank || tooLong || messages.isSending) return;
    if (await messages.send(text)) setText('');
  };

  return (
    <Composer
      text={text}
      onTextChange={setText}
      onSubmit={() => void submit()}
      placeholder={t('message.placeholder')}
      sendLabel={t('message.send')}
      tooLong={tooLong}
      blocked={blank || tooLong || messages.isSending}
      busy={messages.isSending}
      enterSends={!ui.isMobile}
      rows={messageRows(text)}
      counter={length >= MESSAGE_MAX_LENGTH * COUNTER_FROM && <LengthCounter length={length} max={MESSAGE_MAX_LENGTH} />}
      inputTestId="message-input"
    />
  );
});
