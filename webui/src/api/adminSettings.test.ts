import { refusedField } from './adminSettings';

describe('refusedField', () => {
  it("takes the reply's field, and the text after the path the message starts with", () => {
    expect(refusedField({ field: 'value[2].names.es', messages: ['value[2].names.es: a name is needed'] })).toEqual({
      path: 'value[2].names.es',
      text: 'a name is needed',
    });
    expect(refusedField({ field: 'value', messages: ['value: zh-hans is always offered'] })).toEqual({ path: 'value', text: 'zh-hans is always offered' });
  });

  it('keeps a message that does not start with the path whole, and drops the envelope prefix', () => {
    expect(refusedField({ field: 'data.value[0].decimals', messages: ['Invalid value for field data.value[0].decimals'] })).toEqual({
      path: 'value[0].decimals',
      text: 'Invalid value for field data.value[0].decimals',
    });
  });

  it('names no field for a refusal that names none, or one outside the value', () => {
    expect(refusedField({ messages: ['Something failed: try again'] })).toEqual({ path: null, text: 'Something failed: try again' });
    expect(refusedField({ field: 'version', messages: ['Invalid value for field version'] }).path).toBeNull();
  });
});
