import { couponInput, ownerIdsOf, type CouponDraft } from './CouponsForm';

const draft: CouponDraft = {
  names: { 'zh-hans': ' 十元 ', en: 'Ten off', es: '' },
  type: 'cash',
  currency: 'CNY',
  amount: ' 10.00 ',
  credit: '',
  count: '2',
  owners: '7, 8，9  10',
  days: '30',
  allowPush: true,
};

describe('the create coupons form', () => {
  it('reads member ids separated by commas (either width) or spaces', () => {
    expect(ownerIdsOf('7, 8，9  10')).toEqual(['7', '8', '9', '10']);
    expect(ownerIdsOf('  ')).toEqual([]);
  });

  it('makes a cash coupon with the names given, a face value and an expiry', () => {
    expect(couponInput(draft, 1_000)).toEqual({
      count: 2,
      ownerIds: ['7', '8', '9', '10'],
      template: {
        name: { 'zh-hans': '十元', en: 'Ten off' },
        type: 'cash',
        faceValue: { currency: 'CNY', amount: '10.00' },
        allowPush: true,
        expiredTime: 1_000 + 30 * 86_400_000,
        redeem: { type: 'none' },
        useRestrict: { type: 'none' },
        restrictedType: '',
      },
    });
  });

  it('makes never-expiring unowned exchange templates redeemed for credit', () => {
    const input = couponInput({ ...draft, type: 'exchange', credit: '120', owners: '', days: '0' }, 1_000);
    expect(input.ownerIds).toBeUndefined();
    expect(input.template).toMatchObject({ type: 'exchange', redeem: { type: 'credit', credit: '120' }, expiredTime: 0 });
    expect(input.template.faceValue).toBeUndefined();
  });
});
