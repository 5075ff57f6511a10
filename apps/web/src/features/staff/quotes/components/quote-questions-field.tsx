import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { IntakeQuestion } from '@noise/shared/intake';
import { Select } from '@/components/ui/select';
import { toastApiError } from '@/lib/api-client';
import { manageServiceQuery } from '../../api/get-manage-service';
import { useManageServices } from '../../api/get-manage-services';

/**
 * 'Start from a service' above a quote's brief questions: copies the intake questions of a
 * service the quote resembles, to edit from there (docs/decisions/058).
 */
export function QuoteQuestionsSource({
  onPick,
}: {
  onPick: (questions: IntakeQuestion[]) => void;
}) {
  const queryClient = useQueryClient();
  const services = useManageServices();
  const [loading, setLoading] = useState(false);
  const options = [
    { value: '', label: 'Choose a service…' },
    ...(services.data ?? [])
      .filter((s) => !s.archived)
      .map((s) => ({ value: s._id, label: s.title })),
  ];

  async function choose(id: string) {
    if (!id) return;
    setLoading(true);
    try {
      const service = await queryClient.fetchQuery(manageServiceQuery(id));
      onPick(service.intakeQuestions);
    } catch (error) {
      toastApiError(error, 'Could not load that service’s questions');
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="mb-5 max-w-md">
      <Select
        label="Start from a service"
        options={options}
        value=""
        disabled={loading}
        hint="Copies its questions here, replacing these; then change them as this quote needs."
        onChange={(event) => void choose(event.target.value)}
      />
    </div>
  );
}
