import { useNavigate } from 'react-router';
import { toast } from '@/lib/notify';

/** What an admin screen does after a save: the success toast (admin timing), then the next screen. */
export function useAfterSave() {
  const navigate = useNavigate();
  return (message: string, to: string) => {
    toast.success(message, 'admin');
    navigate(to);
  };
}
