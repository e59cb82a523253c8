import { CALL_PHONE_SENTENCES, checkCallPhone } from './phone';

describe('the free call’s number to phone', () => {
  it.each([
    ['07400 123456', '07400 123456'],
    ['07400123456', '07400 123456'],
    ['+44 7400 123456', '07400 123456'],
    ['0117 496 0321', '0117 496 0321'],
    ['(0117) 4960321', '0117 496 0321'],
    ['  020 7946 0018  ', '020 7946 0018'],
  ])('takes %j as %j', (typed, kept) => {
    expect(checkCallPhone(typed)).toEqual({ ok: true, phone: kept });
  });

  it.each([undefined, '', '   '])('asks for a number when there is none (%j)', (typed) => {
    expect(checkCallPhone(typed)).toEqual({ ok: false, problem: CALL_PHONE_SENTENCES.empty });
  });

  it.each([
    '12',
    '0117 496',
    '+1 212 555 0100',
    '+33 1 23 45 67 89',
    'call me',
    '07400 123456 ext 5 and some more words to pass forty characters',
  ])('says %j is not a UK number', (typed) => {
    expect(checkCallPhone(typed)).toEqual({ ok: false, problem: CALL_PHONE_SENTENCES.notUk });
  });
});
