import { CatalogueList } from '../../components/catalogue-list';
import { useDeleteIndustry } from '../api/delete-industry';
import { useIndustries } from '../api/get-industries';

/** /wkm-dashboard/industries: Edit and Delete only, and 'Add New Industry'. */
export function IndustriesListRoute() {
  const industries = useIndustries();
  const deleteIndustry = useDeleteIndustry();
  return (
    <CatalogueList
      title="Industries"
      noun="industry"
      addLabel="Add New Industry"
      query={industries}
      detail={{ header: 'Link', render: (industry) => industry.link }}
      onDelete={(industry) => deleteIndustry.mutateAsync(industry._id)}
    />
  );
}
