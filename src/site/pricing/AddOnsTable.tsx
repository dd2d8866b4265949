import { ADDONS, type BillingInterval } from '../../core/plans';

/** The add-ons of spec §3, monthly and annual, from src/core/plans. The chosen interval is marked. */
export function AddOnsTable({ billing }: { billing: BillingInterval }) {
  const col = (which: BillingInterval) => (which === billing ? 'addon-price is-current' : 'addon-price');
  return (
    <div className="addons-table-wrap">
      <table className="addons-table">
        <caption className="sr-only">Add-on prices in pounds sterling</caption>
        <thead>
          <tr>
            <th scope="col">Add-on</th>
            <th scope="col" className={col('monthly')}>
              Monthly
            </th>
            <th scope="col" className={col('annual')}>
              Annual
            </th>
          </tr>
        </thead>
        <tbody>
          {ADDONS.map((a) => (
            <tr key={a.id} data-addon={a.id}>
              <th scope="row">{a.name}</th>
              <td className={col('monthly')}>
                £{a.monthlyPrice}
                <span className="addon-per">/month</span>
              </td>
              <td className={col('annual')}>
                £{a.annualPrice}
                <span className="addon-per">/year</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
