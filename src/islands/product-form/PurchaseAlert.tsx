/**
 * Where the form reports: an alert (titled 'Unable to Add Item' and the like) that screen
 * readers read at once, and a polite live region announcing a successful add.
 */
export interface AlertContent {
  readonly title?: string;
  readonly message: string;
}

export function PurchaseAlert({
  alert,
  announcement,
}: {
  alert: AlertContent | null;
  announcement: string;
}) {
  return (
    <>
      <div className="product-form-alert" role="alert">
        {alert ? (
          <>
            {alert.title === undefined ? null : (
              <p className="product-form-alert-title">{alert.title}</p>
            )}
            <p className="form-error">{alert.message}</p>
          </>
        ) : null}
      </div>
      <p className="visually-hidden product-form-status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
