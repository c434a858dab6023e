import { ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { useConfirm } from '@/components/ui/confirm';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useStaff } from '../api/get-staff';
import { useInviteStaff } from '../api/invite-staff';
import { useRemoveStaff } from '../api/remove-staff';
import { useResetStaff } from '../api/reset-staff';
import { useUpdateStaff } from '../api/update-staff';

const ROLE_HINTS: Record<StaffRole, string> = {
  packer: 'Orders, chat with shoppers and stock',
  manager: 'A packer’s work plus products, delivery, coupons, problem reports and refunds',
};

/** /seller/staff (owner): the team, inviting someone, changing a role, resetting a sign-in, removing. */
export function StaffRoute() {
  const team = useStaff();
  const [lastLink, setLastLink] = useState<string | null>(null);
  return (
    <section aria-labelledby="staff-heading" className="max-w-4xl">
      <title>Staff · GreenCart seller</title>
      <h1 id="staff-heading" className="text-lg font-medium">
        Staff
      </h1>
      <p className="mt-1 text-sm text-gray-600">People who help run the shop sign in on the seller page with their own email and password.</p>
      <InviteForm onInvited={setLastLink} />
      {lastLink && (
        <p className="mt-3 rounded-md bg-primary/10 px-4 py-3 text-sm break-all text-gray-700" data-testid="invite-link">
          Invitation mailed. You can also send this link yourself (it works once, for 48 hours): <span className="font-mono">{lastLink}</span>
        </p>
      )}
      {team.isPending && <Spinner label="Loading the team…" />}
      {team.isError && <ErrorNotice error={team.error} onRetry={() => void team.refetch()} />}
      {team.isSuccess &&
        (team.data.length === 0 ? (
          <p className="mt-6 text-sm text-gray-600">No staff yet.</p>
        ) : (
          <ul className="mt-6 divide-y divide-gray-200 rounded-md border border-gray-300">
            {team.data.map((member) => (
              <StaffRow key={member._id} member={member} onLink={setLastLink} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function InviteForm({ onInvited }: { onInvited: (link: string) => void }) {
  const invite = useInviteStaff();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('packer');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { name: name.trim(), email: email.trim(), role },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? 'Invitation sent', { id: 'staff' });
          onInvited(answer.inviteLink);
          setName('');
          setEmail('');
        },
        onError: (error) => toast.error(errorMessage(error), { id: 'staff' }),
      },
    );
  };
  const field = 'mt-1 min-h-11 w-full rounded border border-gray-400 px-3';
  return (
    <form
      onSubmit={submit}
      className="mt-4 grid gap-3 rounded-md border border-gray-300 p-4 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-end"
      aria-label="Invite someone"
    >
      <label className="text-sm" htmlFor={`${id}-name`}>
        Name
        <input id={`${id}-name`} required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} className={field} />
      </label>
      <label className="text-sm" htmlFor={`${id}-email`}>
        Email
        <input id={`${id}-email`} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} className={field} />
      </label>
      <label className="text-sm" htmlFor={`${id}-role`}>
        Role
        <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as StaffRole)} className={field}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        disabled={invite.isPending}
        className="min-h-11 rounded bg-primary px-5 font-medium text-white hover:bg-primary-dull disabled:opacity-60"
      >
        Invite
      </button>
      <p className="text-xs text-gray-600 sm:col-span-4">{ROLE_HINTS[role]}</p>
    </form>
  );
}

function StaffRow({ member, onLink }: { member: StaffMember; onLink: (link: string) => void }) {
  const update = useUpdateStaff();
  const remove = useRemoveStaff();
  const reset = useResetStaff();
  const [dialog, confirm] = useConfirm();
  const id = useId();
  const changeRole = (role: StaffRole) =>
    update.mutate(
      { id: member._id, role },
      {
        onSuccess: () => toast.success(`${member.name} is now a ${ROLE_LABELS[role].toLowerCase()}`, { id: 'staff' }),
        onError: (e) => toast.error(errorMessage(e), { id: 'staff' }),
      },
    );
  const removeMember = async () => {
    const ok = await confirm({
      title: `Remove ${member.name}?`,
      message: 'They are signed out at once, on every device, and can no longer sign in.',
      confirmLabel: 'Remove',
      cancelLabel: 'Keep',
      danger: true,
    });
    if (ok)
      remove.mutate(member._id, {
        onSuccess: () => toast.success(`${member.name} removed`, { id: 'staff' }),
        onError: (e) => toast.error(errorMessage(e), { id: 'staff' }),
      });
  };
  const resetSignIn = async () => {
    const ok = await confirm({
      title: `Reset ${member.name}’s sign-in?`,
      message: 'Their password stops working and they are signed out; a new invitation is mailed to them.',
      confirmLabel: 'Reset sign-in',
      cancelLabel: 'Cancel',
    });
    if (ok)
      reset.mutate(member._id, {
        onSuccess: (answer) => {
          toast.success(answer.message ?? 'New invitation sent', { id: 'staff' });
          onLink(answer.inviteLink);
        },
        onError: (e) => toast.error(errorMessage(e), { id: 'staff' }),
      });
  };
  return (
    <li data-testid="staff-member" className="flex flex-wrap items-center gap-3 p-4 text-sm">
      <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
        <p className="font-medium text-gray-800">{member.name}</p>
        <p className="break-all text-gray-600">{member.email}</p>
        {member.state === 'invited' && <p className="text-xs text-amber-800">Invited, has not set a password yet</p>}
      </div>
      <label htmlFor={`${id}-role`} className="sr-only">
        Role of {member.name}
      </label>
      <select
        id={`${id}-role`}
        value={member.role}
        disabled={update.isPending}
        onChange={(e) => changeRole(e.target.value as StaffRole)}
        className="min-h-11 rounded border border-gray-400 px-2"
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => void resetSignIn()} className="min-h-11 rounded border border-gray-400 px-3 hover:bg-gray-50">
        Reset sign-in
      </button>
      <button type="button" onClick={() => void removeMember()} className="min-h-11 rounded border border-red-300 px-3 text-red-700 hover:bg-red-50">
        Remove
      </button>
      {dialog}
    </li>
  );
}
