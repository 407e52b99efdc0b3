import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { createTeam, deleteTeam, teamKeys, updateTeam, type TeamBody } from '../teams.queries';

/** Saving and deleting teams; the list refreshes after each, success and failure said in a toast. */
export function useTeamMutations() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TeamBody }) => (id ? updateTeam(id, body) : createTeam(body)),
    onSuccess: (_data, { id, body }) => {
      toast({ tone: 'success', title: id ? `Saved “${body.name}”` : `Team “${body.name}” made` });
      return refresh();
    },
    onError: (error) => toast({ tone: 'danger', title: 'Could not save the team', description: problemDetail(toProblem(error)) }),
  });
  const remove = useMutation({
    mutationFn: (team: { id: string; name: string }) => deleteTeam(team.id),
    onSuccess: (_data, team) => {
      toast({ tone: 'success', title: `Deleted “${team.name}”` });
      return refresh();
    },
    onError: (error) => toast({ tone: 'danger', title: 'Could not delete the team', description: problemDetail(toProblem(error)) }),
  });
  return { save, remove };
}
