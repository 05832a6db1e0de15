import { useEffect, type ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';

interface Props<Values> extends Omit<ModalProps, 'children' | 'modalRender' | 'okButtonProps' | 'destroyOnHidden'> {
  form: FormInstance<Values>;
  /** The form's name (ids of its fields). */
  name: string;
  initialValues?: FormProps<Values>['initialValues'];
  onFinish: (values: Values) => void;
  /**
   * The server's answer that is not about a visible field (what applyFieldErrors / applyServerErrors return), shown
   * above the fields; the caller clears it when submitting again and in afterClose.
   */
  error: string | null;
  /** Red OK button, for actions that cannot be undone. */
  danger?: boolean;
  /** OK greyed out: nothing it could submit now (the dialog says why). */
  okDisabled?: boolean;
  children: ReactNode;
}

/**
 * Puts the initial values in once the form is mounted. The form takes them itself on its first mount, but React's
 * StrictMode (development) mounts it twice, and clearOnDestroy empties it in between: without this, a dialog would
 * open empty in development.
 */
export function InitialValues<Values>({ form, values }: { form: FormInstance<Values>; values: FormProps<Values>['initialValues'] }) {
  useEffect(() => {
    if (values) form.setFieldsValue(values as Partial<Values>);
    // Only on mount: later renders must not overwrite what the user typed.
  }, []);
  return null;
}

/**
 * A form in a modal, the way every edit dialog here works: the whole modal (footer included) is inside the form, so
 * OK is a real submit button (Enter submits, rules run, antd shows confirmLoading); the form is emptied when the
 * modal is destroyed so the next open starts from initialValues; a server error that belongs to no field sits on top.
 */
export function FormModal<Values>({ form, name, initialValues, onFinish, error, danger, okDisabled, children, ...modal }: Props<Values>) {
  return (
    <Modal
      {...modal}
      okButtonProps={{ htmlType: 'submit', ...(danger ? { danger: true } : {}), ...(okDisabled ? { disabled: true } : {}) }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<Values> form={form} layout="vertical" name={name} clearOnDestroy initialValues={initialValues} onFinish={onFinish}>
          <InitialValues form={form} values={initialValues} />
          {dom}
        </Form>
      )}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {children}
    </Modal>
  );
}
