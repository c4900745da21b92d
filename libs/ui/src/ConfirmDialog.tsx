import { Modal } from './Modal';
import { useTranslation } from 'react-i18next';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal open={props.open} title={props.title} closeLabel={t('close')} onClose={props.onCancel}>
      <p>{props.message}</p>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel}>
          {props.cancel}
        </button>
        <button type="button" className="button button-danger" onClick={props.onConfirm}>
          {props.confirm}
        </button>
      </div>
    </Modal>
  );
}
