import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { createSnippet, deleteSnippet, snippetKeys } from '../snippets.queries';

/** Saving and deleting snippets; the list refreshes after each, a failure is said in words. */
export function useSnippetMutations() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: snippetKeys.all });
  const create = useMutation({ mutationFn: createSnippet, onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (snippet: { id: string; title: string }) => deleteSnippet(snippet.id),
    onSuccess: (_data, snippet) => {
      toast({ tone: 'success', title: `Deleted “${snippet.title}”` });
      return refresh();
    },
    onError: (error) => toast({ tone: 'danger', title: 'Could not delete the snippet', description: problemDetail(toProblem(error)) }),
  });
  return { create, remove };
}
